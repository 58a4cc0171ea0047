import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { metaFamily, metaKey, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb, SyncState } from '../db/schema';
import { COLLECTIONS, type Collection, type CollectionSpec, isListed, LISTS, type Listed } from '../kinds/collections';
import type { Nested } from '../kinds/listing';
import { applySingle } from './apply';
import { type Boundary, type ListState, listSource, nestedSource, readPage, type Source, sweepMissed } from './lists';

/**
 * The walk: every list of the service, page by page, one request per step so the engine serves
 * the outbox (and the user) between pages and a stopped worker resumes where it was. Two walks use
 * it. The **requested** one (connecting, Sync now) goes as fast as the budget allows; the
 * **reconcile** walk runs in the background at the pace lib/engine/plan.ts sets, from what the
 * share leaves, and finds what was edited or deleted elsewhere (lib/refresh/lists.ts says how).
 * Pending local changes stay on top: records deleted here are not brought back, and queued edits
 * are laid over the pulled values.
 */
export { COLLECTIONS, type Collection } from '../kinds/collections';

export interface PullCursor {
  collection: Collection;
  page: number;
  startedAt: number;
  /** For channel items: the channels still to walk (server ids). */
  channelQueue?: number[];
  /** The edge of the page read last in this list. */
  boundary?: Boundary | null;
  /** When the walk of this list began (a channel's, for channel items). */
  listStartedAt?: number;
  /** When the last step was taken: the reconcile walk spaces its steps from it. */
  steppedAt?: number;
}

export interface PullStatus extends ListState {
  /** When a walk last read the whole list; kept while the next walk is under way. */
  lastPull: number | null;
  /** Pages done and, once known, the page count of the walk under way (or last finished). */
  page: number;
  maxpage: number | null;
  /** When its newest end was last read (a head check, or the first page of a walk). */
  checkedAt?: number;
  /** A head check under way (lib/refresh/head.ts). */
  head?: {
    page: number;
    forward: boolean;
    startedAt: number;
    boundary: Boundary | null;
    /** Pages read so far, and the highest page number seen (reading back from the end). */
    pages: number;
    top: number;
  };
}

export type WalkKind = 'requested' | 'reconcile';
/** Where the walk someone asked for stands (null: none under way). */
export const pullCursorKey = metaKey<PullCursor | null>('pull:cursor', null);
/** Where the background reconcile walk stands. */
export const reconcileCursorKey = metaKey<PullCursor | null>('refresh:walk', null);
const cursorKey = (walk: WalkKind) => (walk === 'requested' ? pullCursorKey : reconcileCursorKey);
/** Each list's status (a walk's last reading, its head check, its order and suspects). */
export const pullStatusKeys = metaFamily<Collection, PullStatus | null>('pull:', null);

export async function readStatus(db: LinkpilotDb, c: Collection): Promise<PullStatus> {
  return (await readMeta(db, pullStatusKeys.of(c))) ?? { lastPull: null, page: 0, maxpage: null };
}

export async function writeStatus(db: LinkpilotDb, c: Collection, status: PullStatus): Promise<void> {
  await writeMeta(db, pullStatusKeys.of(c), status);
}

const start = (now: number): PullCursor => ({ collection: COLLECTIONS[0]!, page: 1, startedAt: now });

/**
 * Starts a full walk someone asked for (connecting, Sync now), or lets the one under way go on.
 * It covers what a reconcile walk would: that one starts over after it.
 */
export async function requestPull(db: LinkpilotDb, now: number): Promise<void> {
  if (await pullInProgress(db)) return;
  await writeMeta(db, pullCursorKey, start(now));
  await writeMeta(db, reconcileCursorKey, null);
}

/** Whether a walk someone asked for is under way. */
export async function pullInProgress(db: LinkpilotDb): Promise<boolean> {
  return (await readMeta(db, pullCursorKey)) !== null;
}

export async function readCursor(db: LinkpilotDb, walk: WalkKind): Promise<PullCursor | null> {
  return readMeta(db, cursorKey(walk));
}

/** Begins a reconcile walk; its first page is due one step's spacing after `now`. */
export async function startReconcile(db: LinkpilotDb, now: number): Promise<void> {
  await writeMeta(db, reconcileCursorKey, { ...start(now), steppedAt: now });
}

/** Whether the mirror has been copied in full once (the walk's last list read whole): background refresh starts only then. */
export async function mirrored(db: LinkpilotDb): Promise<boolean> {
  return (await readStatus(db, COLLECTIONS.at(-1)!)).lastPull !== null;
}

/** Does one request's worth of a walk. Returns false when the walk is over (or none is under way). */
export async function pullStep(
  db: LinkpilotDb,
  api: ApiClient,
  now: () => number,
  walk: WalkKind = 'requested',
): Promise<boolean> {
  const cursor = await readCursor(db, walk);
  if (!cursor) return false;
  const at = now();
  let next: PullCursor | null;
  const collection = cursor.collection;
  const spec: CollectionSpec = LISTS[collection];
  if (spec.how === 'single') {
    await applySingle(db, spec.single, await spec.single.read(api));
    const status = await readStatus(db, collection);
    await writeStatus(db, collection, { ...status, lastPull: at, checkedAt: at, page: 1, maxpage: 1 });
    next = following(cursor);
  } else if (spec.how === 'nested') next = await spec.withNested((nested) => nestedStep(db, api, cursor, nested, at));
  else if (isListed(collection)) next = await listStep(db, api, cursor, collection, listSource(collection), at);
  else next = null;
  await writeMeta(db, cursorKey(walk), next && { ...next, steppedAt: at });
  return next !== null;
}

function following(cursor: PullCursor): PullCursor | null {
  const collection = COLLECTIONS[COLLECTIONS.indexOf(cursor.collection) + 1];
  return collection ? { collection, page: 1, startedAt: cursor.startedAt } : null;
}

/** One page of a list; at its end, what a list without an order did not show is suspected. */
async function listStep(
  db: LinkpilotDb,
  api: ApiClient,
  cursor: PullCursor,
  collection: Listed,
  source: Source,
  at: number,
): Promise<PullCursor | null> {
  const listStartedAt = cursor.page === 1 ? at : (cursor.listStartedAt ?? cursor.startedAt);
  const status = await readStatus(db, collection);
  const read = await readPage(db, api, source, {
    page: cursor.page,
    at,
    previous: cursor.page === 1 ? null : (cursor.boundary ?? null),
    forward: true,
    startedAt: listStartedAt,
    state: status,
  });
  const state: ListState = read.last ? await sweepMissed(db, source, listStartedAt, read.state) : read.state;
  // The newest end of the list is its first page, unless it is listed oldest first.
  const newest = state.order === 'asc' ? read.last : cursor.page === 1;
  await writeStatus(db, collection, {
    ...status,
    ...state,
    lastPull: read.last ? at : status.lastPull,
    page: cursor.page,
    maxpage: read.page.maxpage,
    checkedAt: newest ? at : status.checkedAt,
  });
  if (!read.last) return { ...cursor, page: cursor.page + 1, boundary: read.boundary, listStartedAt };
  return following(cursor);
}

/** A nested list is walked under each of its parents in turn (channel by channel); this device's queued assignments are kept. */
async function nestedStep<R extends NestedRow, I>(
  db: LinkpilotDb,
  api: ApiClient,
  cursor: PullCursor,
  nested: Nested<R, I>,
  at: number,
) {
  const collection = cursor.collection;
  const parents = nested.parents(db);
  const queue = cursor.channelQueue ?? (await parents.where('id').above(0).toArray()).map((c) => c.id!);
  const status = await readStatus(db, collection);
  const parentId = queue[0];
  if (parentId === undefined) {
    await writeStatus(db, collection, { ...status, lastPull: at, checkedAt: at, page: 0, maxpage: 0 });
    return null;
  }
  const parentKey = (await parents.where('id').equals(parentId).first())?.key;
  const listStartedAt = cursor.page === 1 ? at : (cursor.listStartedAt ?? cursor.startedAt);
  try {
    if (parentKey) {
      const read = await readNestedPage(db, api, collection, nested, parentKey, parentId, cursor.page, at, {
        previous: cursor.page === 1 ? null : (cursor.boundary ?? null),
        startedAt: listStartedAt,
      });
      await writeStatus(db, collection, { ...status, ...read.state, page: cursor.page, maxpage: null });
      if (!read.last)
        return { ...cursor, page: cursor.page + 1, channelQueue: queue, boundary: read.boundary, listStartedAt };
    }
  } catch (error) {
    // A parent deleted elsewhere since its list was read: skip it.
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
  }
  return { ...cursor, page: 1, channelQueue: queue.slice(1), boundary: null };
}

type NestedRow = { key: string; sync: SyncState; pulledAt?: number };

/** One page of the items under one record (a channel's), read and merged (the walk, and a record someone is looking at). */
export async function readNestedPage<R extends NestedRow, I>(
  db: LinkpilotDb,
  api: ApiClient,
  collection: Collection,
  nested: Nested<R, I>,
  parentKey: string,
  parentId: number,
  page: number,
  at: number,
  o: { previous: Boundary | null; startedAt: number },
) {
  const source = nestedSource(nested, parentKey, parentId);
  const status = await readStatus(db, collection);
  const read = await readPage(db, api, source, { page, at, forward: true, state: status, ...o });
  return read.last ? { ...read, state: await sweepMissed(db, source, o.startedAt, read.state) } : read;
}
