import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { refreshLinkDetails, refreshQrDetails } from './details';
import { headStep, MAX_HEAD_PAGES } from './head';
import { listSource } from './lists';
import { readChannelPage, readStatus, writeStatus } from './pull';
import { channelFreshKeys, type ShownTarget } from './shown';

/** A channel with more items than this many pages is left to the reconcile walk. */
const MAX_CHANNEL_PAGES = 20;

/** When the target was last refreshed (0: never); null when there is nothing to refresh (not on the service yet). */
export async function refreshedAt(db: LinkpilotDb, target: ShownTarget): Promise<number | null> {
  switch (target.type) {
    case 'list':
      return (await readStatus(db, target.list)).checkedAt ?? 0;
    case 'link':
      return (await db.links.get(target.key))?.id ? ((await db.linkStats.get(target.key))?.fetchedAt ?? 0) : null;
    case 'qr':
      return (await db.qrCodes.get(target.key))?.id ? ((await db.qrStats.get(target.key))?.fetchedAt ?? 0) : null;
    case 'channel':
      return (await db.channels.get(target.key))?.id ? await readMeta(db, channelFreshKeys.of(target.key)) : null;
    default:
      return target satisfies never;
  }
}

/**
 * Refreshes one target now. A link or QR code the service no longer has (404 while synced here)
 * was deleted elsewhere: it leaves the mirror.
 */
export async function refreshTarget(
  db: LinkpilotDb,
  api: ApiClient,
  target: ShownTarget,
  now: () => number,
): Promise<void> {
  switch (target.type) {
    case 'list':
      for (let i = 0; i < MAX_HEAD_PAGES && (await headStep(db, api, target.list, now())); i++);
      return;
    case 'link':
      return goneIfMissing(db, 'links', target.key, () => refreshLinkDetails(db, api, target.key, now));
    case 'qr':
      return goneIfMissing(db, 'qrs', target.key, () => refreshQrDetails(db, api, target.key, now));
    case 'channel':
      return refreshChannel(db, api, target.key, now);
    default:
      return target satisfies never;
  }
}

async function goneIfMissing(db: LinkpilotDb, list: 'links' | 'qrs', key: string, refresh: () => Promise<void>) {
  try {
    await refresh();
  } catch (error) {
    const table = list === 'links' ? db.links : db.qrCodes;
    const row = await table.get(key);
    if (error instanceof ApiError && error.kind === 'not-found' && row?.id && row.sync === 'synced')
      await listSource(list).remove(db, [key]);
    throw error;
  }
}

/** Every page of one channel's items, as the walk reads them. */
async function refreshChannel(db: LinkpilotDb, api: ApiClient, channelKey: string, now: () => number) {
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
