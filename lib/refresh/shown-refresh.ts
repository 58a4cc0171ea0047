import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { COLLECTIONS, type CollectionSpec, LISTS } from '../kinds/collections';
import { type ShownKind, shownOf } from '../kinds/shown';
import { words } from '../words';
import { applyDetail, removeRecords } from './apply';
import { headStep, MAX_HEAD_PAGES } from './head';
import type { Boundary, PageRead } from './lists';
import { readNestedPage, readStatus, writeStatus } from './pull';
import { itemsFreshKeys, type ShownTarget } from './shown';

/** A record (a channel) with more items than this many pages is left to the reconcile walk. */
const MAX_ITEM_PAGES = 20;

/** When the target was last refreshed (0: never); null when there is nothing to refresh (not on the service yet). */
export async function refreshedAt(db: LinkpilotDb, target: ShownTarget): Promise<number | null> {
  if (target.type === 'list') return (await readStatus(db, target.list)).checkedAt ?? 0;
  const shown = shownOf(target.type);
  const { key } = target;
  if (shown.how === 'items') return (await shown.row(db, key))?.id ? await readMeta(db, itemsFreshKeys.of(key)) : null;
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
  if (shown.how === 'items') return refreshItems(db, api, target.type, key, now);
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

/** Every page of the items under one record (a channel's), as the walk reads them. */
async function refreshItems(db: LinkpilotDb, api: ApiClient, type: ShownKind, parentKey: string, now: () => number) {
  const collection = COLLECTIONS.find((c) => {
    const spec: CollectionSpec = LISTS[c];
    return spec.how === 'nested' && spec.withNested((nested) => nested.parent === type);
  });
  const spec: CollectionSpec | undefined = collection && LISTS[collection];
  if (!collection || spec?.how !== 'nested') return;
  await spec.withNested(async (nested) => {
    const parentId = (await nested.parents(db).get(parentKey))?.id;
    if (!parentId) return;
    const startedAt = now();
    let previous: Boundary | null = null;
    for (let page = 1; page <= MAX_ITEM_PAGES; page++) {
      const read: PageRead = await readNestedPage(db, api, collection, nested, parentKey, parentId, page, now(), {
        previous,
        startedAt,
      });
      await writeStatus(db, collection, { ...(await readStatus(db, collection)), ...read.state });
      previous = read.boundary;
      if (read.last) break;
    }
    await writeMeta(db, itemsFreshKeys.of(parentKey), startedAt);
  });
}
