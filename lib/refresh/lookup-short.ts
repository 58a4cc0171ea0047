import type { ApiClient } from '../api/client';
import type { LinkpilotDb } from '../db/schema';
import { applyLookedUp } from './apply';

/**
 * Finds the link behind a short URL: in the mirror first, else with the API's `short` lookup,
 * whose answer is mirrored (with its statistics) so the next look is local. Null when the service
 * has none, or when the one it has may be what a create of ours whose outcome is unknown made: that
 * create's look-up adopts it, and it shows then.
 */
export async function lookupShortUrl(
  db: LinkpilotDb,
  api: ApiClient,
  shortUrl: string,
  now: () => number,
): Promise<string | null> {
  const local = await db.links.where('shorturl').equals(shortUrl.trim()).first();
  if (local) return local.key;
  const found = await api.findLinkByShortUrl(shortUrl);
  return found ? applyLookedUp(db, found, now()) : null;
}
