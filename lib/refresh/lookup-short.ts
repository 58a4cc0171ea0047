import type { ApiClient } from '../api/client';
import { linkRow } from '../db/rows';
import type { LinkpilotDb } from '../db/schema';

/**
 * Finds the link behind a short URL: in the mirror first, else with the API's `short` lookup,
 * whose answer is mirrored (with its statistics) so the next look is local.
 */
export async function lookupShortUrl(db: LinkpilotDb, api: ApiClient, shortUrl: string): Promise<string | null> {
  const local = await db.links.where('shorturl').equals(shortUrl.trim()).first();
  if (local) return local.key;
  const found = await api.findLinkByShortUrl(shortUrl);
  if (!found) return null;
  const { details, stats } = found;
  return db.transaction('rw', db.links, db.linkStats, async () => {
    const existing = await db.links.where('id').equals(details.id).first();
    const row = linkRow({ ...details, alias: '', clicks: stats.clicks }, existing, existing?.pulledAt ?? 0);
    await db.links.put(row);
    const { location, device, expiry } = details;
    await db.linkStats.put({ key: row.key, stats, location, device, expiry, fetchedAt: Date.now() });
    return row.key;
  });
}
