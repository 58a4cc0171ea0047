import { readMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { COLLECTIONS, mirrored, pullCursorKey, readStatus } from '../refresh/pull';

/**
 * The links a copy under way is still bringing: null when none is, or when it has read the links
 * whole already. `expected` is about how many the service has (its page count times its page size,
 * from this walk or the last), null until a page of links was read once.
 */
export interface LinksCopy {
  expected: number | null;
}

export async function linksCopy(db: LinkpilotDb): Promise<LinksCopy | null> {
  const cursor = await readMeta(db, pullCursorKey);
  if (!cursor || COLLECTIONS.indexOf(cursor.collection) > COLLECTIONS.indexOf('links')) return null;
  const { maxpage, perpage } = await readStatus(db, 'links');
  return { expected: maxpage && perpage ? maxpage * perpage : null };
}

/** The links in the mirror, and whether a full copy has ever finished (not yet while the first one runs). */
export interface LinksHere {
  count: number;
  copiedOnce: boolean;
}

export async function linksHere(db: LinkpilotDb): Promise<LinksHere> {
  const [count, copiedOnce] = await Promise.all([db.links.count(), mirrored(db)]);
  return { count, copiedOnce };
}
