import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { shownOf } from '../kinds/shown';
import { words } from '../words';
import { applyDetail, removeRecords } from './apply';
import { headStep, MAX_HEAD_PAGES } from './head';
import { readChannelPage, readStatus, writeStatus } from './pull';
import { channelFreshKeys, type ShownTarget } from './shown';

/** A channel with more items than this many pages is left to the reconcile walk. */
const MAX_CHANNEL_PAGES = 20;

/** When the target was last refreshed (0: never); null when there is nothing to refresh (not on the service yet). */
export async function refreshedAt(db: LinkpilotDb, target: ShownTarget): Promise<number | null> {
  if (target.type === 'list') return (await readStatus(db, target.list)).checkedAt ?? 0;
  const shown = shownOf(target.type);
  const { key } = target;
  if (shown.how === 'items')
    return (await shown.row(db, key))?.id ? await readMeta(db, channelFreshKeys.of(key)) : null;
  return shown.withDetail(async (listing, detail) =>
    (await listing.rows(db).where('key').equals(key).first())?.id
      ? ((await detail.stats(db).where('key').equals(key).first())?.fetchedAt ?? 0)
      : null,
  );
}

/**
 * Refreshes one target now, as its kind says (lib/kinds/shown.ts). A record read by its id that the
 * service no longer has (404 while synced here) was deleted elsewhere: it leaves the mirror.
 */
export async function refreshTarget(
  db: LinkpilotDb,
  api: ApiClient,
  target: ShownTarget,
  now: () => number,
): Promise<void> {
  if (target.type === 'list') {
    for (let i = 0; i < MAX_HEAD_PAGES && (await headStep(db, api, target.list, now())); i++);
    return;
  }
  const shown = shownOf(target.type);
  const { key } = target;
  if (shown.how === 'items') return refreshItems(db, api, key, now);
  return shown.withDetail(async (listing, detail) => {
    const row = await listing.rows(db).where('key').equals(key).first();
    if (!row || row.id === null)
      throw new ApiError({ kind: 'not-found', message: words(detail.notSent), retryable: false });
    try {
      await applyDetail(db, listing, detail, key, await detail.read(api, row.id), now());
    } catch (error) {
      const still = await listing.rows(db).where('key').equals(key).first();
      if (error instanceof ApiError && error.kind === 'not-found' && still?.id && still.sync === 'synced')
        await removeRecords(db, listing, [key]);
      throw error;
    }
  });
}

/** Every page of one channel's items, as the walk reads them. */
async function refreshItems(db: LinkpilotDb, api: ApiClient, channelKey: string, now: () => number) {
  const channelId = (await db.channels.get(channelKey))?.id;
  if (!channelId) return;
  const startedAt = now();
  let previous = null;
  for (let page = 1; page <= MAX_CHANNEL_PAGES; page++) {
    const read = await readChannelPage(db, api, channelKey, channelId, page, now(), { previous, startedAt });
    await writeStatus(db, 'channelItems', { ...(await readStatus(db, 'channelItems')), ...read.state });
    previous = read.boundary;
    if (read.last) break;
  }
  await writeMeta(db, channelFreshKeys.of(channelKey), startedAt);
}
