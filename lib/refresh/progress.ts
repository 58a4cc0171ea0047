import { readMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { LISTS } from '../kinds/collections';
import {
  COLLECTIONS,
  type Collection,
  type PullCursor,
  type PullStatus,
  pullCursorKey,
  readStatus,
  reconcileCursorKey,
} from './pull';

/**
 * Where the copy of the mirror stands, for views: they read these, never the walk's cursor or a
 * list's status, whose shape is the walk's own business.
 */

/** How fresh one list is, and how far the reconcile walk under way has got through it. */
export interface ListProgress {
  collection: Collection;
  /** When its newest end was last read. */
  checkedAt: number | null;
  /** When a walk last read it whole. */
  lastPull: number | null;
  /** The part of it the walk under way has read (0 to 1); null while the walk has not started on it. */
  walking: number | null;
  /** Whether the walk under way has read it whole already. */
  walked: boolean;
}

/** A full copy someone asked for (connecting, Sync now), while it runs. */
export interface CopyProgress {
  collection: Collection;
  /** Its step (from 0) of `steps`, one per list. */
  step: number;
  steps: number;
  page: number;
  maxpage: number | null;
  /** The whole copy's part done, 0 to 1. */
  done: number;
}

/** Pure, for one list: what its status and the walk's cursor say of it. */
export function listProgress(
  collection: Collection,
  status: PullStatus | null,
  walk: PullCursor | null,
  channels: number,
): ListProgress {
  let walking: number | null = null;
  if (walk?.collection === collection) {
    const done =
      LISTS[collection].how === 'nested'
        ? channels > 0
          ? (channels - (walk.channelQueue?.length ?? channels)) / channels
          : 0
        : status?.maxpage
          ? (walk.page - 1) / status.maxpage
          : 0;
    // A walk that has not read this list yet says nothing new.
    if (done > 0) walking = Math.min(1, done);
  }
  return {
    collection,
    checkedAt: status?.checkedAt ?? null,
    lastPull: status?.lastPull ?? null,
    walking,
    walked: walk !== null && COLLECTIONS.indexOf(walk.collection) > COLLECTIONS.indexOf(collection),
  };
}

/** Every list, in the order the walk reads them. */
export async function listsProgress(db: LinkpilotDb): Promise<ListProgress[]> {
  const [walk, channels, statuses] = await Promise.all([
    readMeta(db, reconcileCursorKey),
    db.channels.where('id').above(0).count(),
    Promise.all(COLLECTIONS.map((c) => readStatus(db, c))),
  ]);
  return COLLECTIONS.map((c, i) => listProgress(c, statuses[i]!, walk, channels));
}

/** The full copy under way, or null. */
export async function copyProgress(db: LinkpilotDb): Promise<CopyProgress | null> {
  const cursor = await readMeta(db, pullCursorKey);
  if (!cursor) return null;
  const { maxpage } = await readStatus(db, cursor.collection);
  const step = COLLECTIONS.indexOf(cursor.collection);
  // Each list is one step; a list of several pages fills its step page by page.
  const within = maxpage ? Math.min(1, (cursor.page - 1) / maxpage) : 0;
  return {
    collection: cursor.collection,
    step,
    steps: COLLECTIONS.length,
    page: cursor.page,
    maxpage,
    done: (step + within) / COLLECTIONS.length,
  };
}
