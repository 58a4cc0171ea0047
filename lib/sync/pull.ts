import type { EntityTable } from 'dexie';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Page } from '../api/schemas/envelope';
import { madeHere } from '../db/keys';
import { channelItemRow } from '../db/rows';
import type { Kind, LinkpilotDb, Mirrored } from '../db/schema';
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
export const COLLECTIONS = [
  'account',
  'channels',
  'campaigns',
  'domains',
  'overlays',
  'splash',
  'qrs',
  'links',
  'channelItems',
] as const;
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
/** A look-alike is made at the same moment as ours: its id lies this close. */
export const MAX_ID_GAP = 3;

/** Starts a full pull of every collection (or continues the one under way). */
export async function requestPull(db: LinkpilotDb, now: number): Promise<void> {
  if (!(await pullInProgress(db)))
    await db.meta.put({ key: PULL_CURSOR_KEY, value: { collection: COLLECTIONS[0], page: 1, startedAt: now } });
}

export async function pullInProgress(db: LinkpilotDb): Promise<boolean> {
  return Boolean((await db.meta.get(PULL_CURSOR_KEY))?.value);
}

type Step = (db: LinkpilotDb, api: ApiClient, cursor: PullCursor, at: number) => Promise<Page<unknown> | null>;
interface Walk {
  step: Step;
  /** After the last page: what the complete walk did not see. */
  finish?: (db: LinkpilotDb, startedAt: number) => Promise<void>;
}

/** A kind's records, merged page by page; after the walk, synced records not seen were deleted elsewhere. */
function listed<R extends Mirrored, I extends { id: number }>(kind: Kind, listing: Listing<R, I>): Walk {
  return {
    async step(db, api, { page }, at) {
      const result = await listing.list(api, { page, limit: LIMIT });
      await merge(db, kind, listing, result.items, at);
      return result;
    },
    async finish(db, startedAt) {
      const table = listing.rows(db);
      const gone = await table
        .filter((r) => r.sync === 'synced' && r.id !== null && r.pulledAt < startedAt)
        .primaryKeys();
      await table.bulkDelete(gone);
      await listing.forget?.(db, gone);
    },
  };
}

/** Listed only, never changed here: each pull replaces them. */
function replaced(
  name: 'overlays' | 'splashPages',
  list: (api: ApiClient, page: number) => Promise<Page<{ id: number }>>,
): Walk {
  return {
    async step(db, api, { page }) {
      const result = await list(api, page);
      const table = db.table(name);
      await db.transaction('rw', table, async () => {
        if (page === 1) await table.clear();
        await table.bulkPut(result.items);
      });
      return result;
    },
  };
}

const WALKS: Record<Exclude<Collection, 'channelItems'>, Walk> = {
  account: {
    async step(db, api) {
      const account = await api.getAccount();
      const existing = await db.account.get('me');
      await db.account.put({ ...account, key: 'me', pendingEmail: existing?.pendingEmail ?? null });
      return null;
    },
  },
  channels: listed('channel', channel.listing),
  campaigns: listed('campaign', campaign.listing),
  domains: listed('domain', domain.listing),
  overlays: replaced('overlays', (api, page) => api.listOverlays({ page, limit: LIMIT })),
  splash: replaced('splashPages', (api, page) => api.listSplashPages({ page, limit: LIMIT })),
  qrs: listed('qr', qr.listing),
  links: listed('link', link.listing),
};

const isCursor = (value: unknown): value is PullCursor => typeof value === 'object' && value !== null;

/** Does one request's worth of pulling. Returns false when nothing is left to pull. */
export async function pullStep(db: LinkpilotDb, api: ApiClient, now: () => number): Promise<boolean> {
  const cursor = (await db.meta.get(PULL_CURSOR_KEY))?.value;
  if (!isCursor(cursor)) return false;
  const at = now();
  const next =
    cursor.collection === 'channelItems'
      ? await pullChannelItems(db, api, cursor, at)
      : await advance(
          db,
          cursor,
          WALKS[cursor.collection],
          await WALKS[cursor.collection].step(db, api, cursor, at),
          at,
        );
  await db.meta.put({ key: PULL_CURSOR_KEY, value: next });
  return next !== null;
}

async function advance(
  db: LinkpilotDb,
  cursor: PullCursor,
  walk: Walk,
  result: Page<unknown> | null,
  at: number,
): Promise<PullCursor | null> {
  const { collection, page, startedAt } = cursor;
  const received = result ? result.items.length + result.rejected.length : 0;
  const more = result !== null && received > 0 && page < result.maxpage && received >= result.perpage;
  const status: PullStatus = { lastPull: more ? null : at, page, maxpage: result?.maxpage ?? 1 };
  await db.meta.put({ key: pullStatusKey(collection), value: status });
  if (more) return { ...cursor, page: page + 1 };
  await walk.finish?.(db, startedAt);
  const following = COLLECTIONS[COLLECTIONS.indexOf(collection) + 1];
  return following ? { collection: following, page: 1, startedAt } : null;
}

/** Channel items are walked channel by channel; this device's queued assignments are kept. */
async function pullChannelItems(
  db: LinkpilotDb,
  api: ApiClient,
  cursor: PullCursor,
  at: number,
): Promise<PullCursor | null> {
  const queue =
    cursor.channelQueue ?? (await db.channels.toArray()).map((c) => c.id).filter((id): id is number => id !== null);
  const channelId = queue[0];
  if (channelId === undefined) {
    const status: PullStatus = { lastPull: at, page: 0, maxpage: 0 };
    await db.meta.put({ key: pullStatusKey('channelItems'), value: status });
    return null;
  }
  const channelRow = await db.channels.where('id').equals(channelId).first();
  let more = false;
  try {
    const p = await api.listChannelItems(channelId, { page: cursor.page, limit: LIMIT });
    if (channelRow) {
      await db.transaction('rw', [db.channelItems, db.links, db.qrCodes], async () => {
        if (cursor.page === 1)
          await db.channelItems
            .where('channelKey')
            .equals(channelRow.key)
            .filter((i) => i.sync === 'synced')
            .delete();
        for (const item of p.items) {
          const table = item.type === 'links' ? db.links : item.type === 'qr' ? db.qrCodes : null;
          const local = await table?.where('id').equals(item.id).first();
          await db.channelItems.put(channelItemRow(channelRow.key, item, local?.key ?? null));
        }
      });
    }
    more = p.items.length + p.rejected.length >= p.perpage && cursor.page < p.maxpage && p.items.length > 0;
  } catch (error) {
    // A channel deleted elsewhere since the channel list was read: skip it.
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
  }
  if (more) return { ...cursor, page: cursor.page + 1, channelQueue: queue };
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
  kind: Kind,
  listing: Listing<R, I>,
  items: I[],
  pulledAt: number,
): Promise<void> {
  const table = listing.rows(db);
  await db.transaction('rw', [table, db.outbox], async () => {
    const existing = new Map(
      (
        await table
          .where('id')
          .anyOf(items.map((i) => i.id))
          .toArray()
      ).map((r) => [r.id, r]),
    );
    const queued = await db.outbox
      .where('[kind+op]')
      .anyOf([
        [kind, 'create'],
        [kind, 'delete'],
      ])
      .toArray();
    const deleted = new Set(queued.filter((e) => e.op === 'delete').map((e) => e.ids[e.key]));
    const unsettled = queued.filter((e) => e.op === 'create' && e.ambiguous);
    const edits = await db.outbox
      .where('key')
      .anyOf([...existing.values()].map((r) => r.key))
      .filter((e) => e.op === 'update')
      .toArray();
    // A copy comes into being with our create, so a record mirrored before it was made is none.
    const candidates = items.filter((i) => existing.get(i.id)?.twinOf !== undefined || !existing.has(i.id));
    const mine = listing.lookAlike ? await madeHereNear(table, candidates) : [];
    const rows: R[] = [];
    for (const item of items) {
      const before = existing.get(item.id);
      if (deleted.has(item.id) || (!before && unsettled.some((e) => listing.madeBy(e, item)))) continue;
      let row = listing.fromServer(item, before, pulledAt);
      for (const edit of edits) if (edit.key === row.key) row = listing.withEdit?.(row, edit) ?? row;
      if (listing.lookAlike && !madeHere(row.key) && (!before || before.twinOf !== undefined)) {
        const pulled = row;
        const twin = mine.find(
          (m) => Math.abs((m.id ?? 0) - item.id) <= MAX_ID_GAP && m.id !== item.id && listing.lookAlike?.(pulled, m),
        );
        if (twin) row = { ...row, twinOf: twin.key };
      }
      rows.push(row);
    }
    await table.bulkPut(rows);
  });
}

/**
 * Records created here whose ids lie around those of these pulled ones: the only rows a copy can
 * be a look-alike of. One range read per page; on a first mirror the range holds nothing yet.
 */
async function madeHereNear<R extends Mirrored>(table: EntityTable<R, 'key'>, items: { id: number }[]): Promise<R[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  return table
    .where('id')
    .between(Math.min(...ids) - MAX_ID_GAP, Math.max(...ids) + MAX_ID_GAP, true, true)
    .filter((r) => madeHere(r.key) && r.id !== null)
    .toArray();
}
