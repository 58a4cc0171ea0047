import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Page } from '../api/schemas/envelope';
import { madeHere } from '../db/keys';
import { channelItemRow } from '../db/rows';
import type { LinkpilotDb, Mirrored } from '../db/schema';
import { campaign } from './kinds/campaign';
import { channel } from './kinds/channel';
import { domain } from './kinds/domain';
import type { Listing } from './kinds/kind';
import { link } from './kinds/link';
import { qr } from './kinds/qr';

/**
 * Refreshing the mirror, one page per step so the engine can serve the outbox (and the user)
 * between pages and a stopped worker resumes where it was. Pending local changes stay on top:
 * records deleted here are not brought back, and queued edits are laid over the pulled values.
 */
const PAGED = ['account', 'channels', 'campaigns', 'domains', 'overlays', 'splash', 'qrs', 'links'] as const;
export const COLLECTIONS = [...PAGED, 'channelItems'] as const;
export type Collection = (typeof COLLECTIONS)[number];

export interface PullCursor {
  collection: Collection;
  page: number;
  startedAt: number;
  /** For channel items: the channels still to walk (server ids). */
  channelQueue?: number[];
}

export interface PullStatus {
  lastPull: number | null;
  /** Pages done and, once known, the page count of the walk under way. */
  page: number;
  maxpage: number | null;
}

export const PULL_CURSOR_KEY = 'pull:cursor';
export const pullStatusKey = (c: Collection) => `pull:${c}`;
const LIMIT = 1000;
/** A copy is made at the same moment as ours: its id lies this close. */
const MAX_ID_GAP = 3;

export async function requestPull(db: LinkpilotDb, now: number): Promise<void> {
  if (!(await pullInProgress(db)))
    await db.meta.put({ key: PULL_CURSOR_KEY, value: { collection: COLLECTIONS[0], page: 1, startedAt: now } });
}

export async function pullInProgress(db: LinkpilotDb): Promise<boolean> {
  return Boolean((await db.meta.get(PULL_CURSOR_KEY))?.value);
}

interface Walk {
  step(db: LinkpilotDb, api: ApiClient, page: number, at: number): Promise<Page<unknown> | null>;
  /** After the last page: what the complete walk did not see. */
  finish?(db: LinkpilotDb, startedAt: number): Promise<void>;
}

/** A kind's records by page; after the walk, synced records it did not see were deleted elsewhere. */
const listed = <R extends Mirrored, I extends { id: number }>(listing: Listing<R, I>): Walk => ({
  async step(db, api, page, at) {
    const result = await listing.list(api, { page, limit: LIMIT });
    await merge(db, listing, result.items, at);
    return result;
  },
  async finish(db, startedAt) {
    const rows = listing.rows(db).filter((r) => r.sync === 'synced' && r.id !== null && r.pulledAt < startedAt);
    const gone = await rows.primaryKeys();
    await rows.delete();
    await listing.forget?.(db, gone);
  },
});

/** Listed only, never changed here: each pull replaces them. */
const replaced = (name: 'overlays' | 'splashPages', list: (api: ApiClient, page: number) => Promise<Page<object>>) => ({
  async step(db: LinkpilotDb, api: ApiClient, page: number) {
    const result = await list(api, page);
    await db.transaction('rw', db.table(name), async () => {
      if (page === 1) await db.table(name).clear();
      await db.table(name).bulkPut(result.items);
    });
    return result;
  },
});

const WALKS: Record<(typeof PAGED)[number], Walk> = {
  account: {
    async step(db, api) {
      const account = await api.getAccount();
      const pendingEmail = (await db.account.get('me'))?.pendingEmail ?? null;
      await db.account.put({ ...account, key: 'me', pendingEmail });
      return null;
    },
  },
  channels: listed(channel.listing),
  campaigns: listed(campaign.listing),
  domains: listed(domain.listing),
  overlays: replaced('overlays', (api, page) => api.listOverlays({ page, limit: LIMIT })),
  splash: replaced('splashPages', (api, page) => api.listSplashPages({ page, limit: LIMIT })),
  qrs: listed(qr.listing),
  links: listed(link.listing),
};

const isCursor = (value: unknown): value is PullCursor => typeof value === 'object' && value !== null;
const more = (page: number, p: Page<unknown>) =>
  p.items.length > 0 && page < p.maxpage && p.items.length + p.rejected.length >= p.perpage;

/** Does one request's worth of pulling. Returns false when nothing is left to pull. */
export async function pullStep(db: LinkpilotDb, api: ApiClient, now: () => number): Promise<boolean> {
  const cursor = (await db.meta.get(PULL_CURSOR_KEY))?.value;
  if (!isCursor(cursor)) return false;
  const next =
    cursor.collection === 'channelItems'
      ? await pullChannelItems(db, api, cursor, now())
      : await pullPage(db, api, cursor, WALKS[cursor.collection], now());
  await db.meta.put({ key: PULL_CURSOR_KEY, value: next });
  return next !== null;
}

async function pullPage(db: LinkpilotDb, api: ApiClient, cursor: PullCursor, walk: Walk, at: number) {
  const { collection, page, startedAt } = cursor;
  const result = await walk.step(db, api, page, at);
  const again = result !== null && more(page, result);
  const status: PullStatus = { lastPull: again ? null : at, page, maxpage: result?.maxpage ?? 1 };
  await db.meta.put({ key: pullStatusKey(collection), value: status });
  if (again) return { ...cursor, page: page + 1 };
  await walk.finish?.(db, startedAt);
  return { collection: COLLECTIONS[COLLECTIONS.indexOf(collection) + 1]!, page: 1, startedAt };
}

/** Channel items are walked channel by channel; this device's queued assignments are kept. */
async function pullChannelItems(db: LinkpilotDb, api: ApiClient, cursor: PullCursor, at: number) {
  const queue = cursor.channelQueue ?? (await db.channels.where('id').above(0).toArray()).map((c) => c.id!);
  const channelId = queue[0];
  if (channelId === undefined) {
    const status: PullStatus = { lastPull: at, page: 0, maxpage: 0 };
    await db.meta.put({ key: pullStatusKey('channelItems'), value: status });
    return null;
  }
  const channelKey = (await db.channels.where('id').equals(channelId).first())?.key;
  try {
    const p = await api.listChannelItems(channelId, { page: cursor.page, limit: LIMIT });
    await db.transaction('rw', [db.channelItems, db.links, db.qrCodes], async () => {
      if (!channelKey) return;
      const mine = db.channelItems.where('channelKey').equals(channelKey);
      if (cursor.page === 1) await mine.filter((i) => i.sync === 'synced').delete();
      for (const item of p.items) {
        const table = item.type === 'links' ? db.links : item.type === 'qr' ? db.qrCodes : null;
        const local = await table?.where('id').equals(item.id).first();
        await db.channelItems.put(channelItemRow(channelKey, item, local?.key ?? null));
      }
    });
    if (more(cursor.page, p)) return { ...cursor, page: cursor.page + 1, channelQueue: queue };
  } catch (error) {
    // A channel deleted elsewhere since the channel list was read: skip it.
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
  }
  return { ...cursor, page: 1, channelQueue: queue.slice(1) };
}

/**
 * Upserts a pulled page by server id: records deleted here stay deleted, queued edits are laid
 * over the pulled values, a record that may be what an unsettled create made waits for its
 * look-up, and a record unknown here made at the same moment as one of ours, holding what ours
 * held, is flagged as a likely copy. Reads only the outbox entries of this kind and these rows.
 */
async function merge<R extends Mirrored, I extends { id: number }>(
  db: LinkpilotDb,
  listing: Listing<R, I>,
  items: I[],
  pulledAt: number,
): Promise<void> {
  const table = listing.rows(db);
  await db.transaction('rw', [table, db.outbox], async () => {
    const ids = items.map((i) => i.id);
    const existing = new Map((await table.where('id').anyOf(ids).toArray()).map((r) => [r.id, r]));
    const kind = listing.kind;
    const queued = await db.outbox.where('[kind+op]').anyOf([kind, 'create'], [kind, 'delete']).toArray();
    const deleted = new Set(queued.filter((e) => e.op === 'delete').map((e) => e.ids[e.key]));
    const keys = [...existing.values()].map((r) => r.key);
    const edits = await db.outbox.where('key').anyOf(keys).toArray();
    // A copy comes into being with our create: the rows of ours made around these ids are the
    // only ones it can be a copy of, and a record mirrored before ours was made is none.
    const near = (id: number) => Math.abs(id) <= MAX_ID_GAP;
    const mine = listing.lookAlike
      ? await table
          .where('id')
          .between(Math.min(...ids) - MAX_ID_GAP, Math.max(...ids) + MAX_ID_GAP, true, true)
          .filter((r) => madeHere(r.key))
          .toArray()
      : [];
    const rows: R[] = [];
    for (const item of items) {
      const before = existing.get(item.id);
      if (deleted.has(item.id) || (!before && queued.some((e) => e.ambiguous && listing.madeBy(e, item)))) continue;
      let row = listing.fromServer(item, before, pulledAt);
      for (const edit of edits) if (edit.key === row.key) row = listing.withEdit?.(row, edit) ?? row;
      const pulled = row;
      const twin =
        (!before || before.twinOf !== undefined) && !madeHere(row.key)
          ? mine.find((m) => m.id !== item.id && near((m.id ?? 0) - item.id) && listing.lookAlike?.(pulled, m))
          : undefined;
      rows.push(twin ? { ...row, twinOf: twin.key } : row);
    }
    await table.bulkPut(rows);
  });
}
