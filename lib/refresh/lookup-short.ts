import type { ApiClient } from '../api/client';
import { linkRow } from '../db/rows';
import type { LinkpilotDb } from '../db/schema';
import { historyTables, recordTotals } from '../history/record';

/**
 * Finds the link behind a short URL: in the mirror first, else with the API's `short` lookup,
 * whose answer is mirrored (with its statistics) so the next look is local.
 */
export async function lookupShortUrl(
  db: LinkpilotDb,
  api: ApiClient,
  shortUrl: string,
  now: () => number = Date.now,
): Promise<string | null> {
  const local = await db.links.where('shorturl').equals(shortUrl.trim()).first();
  if (local) return local.key;
  const found = await api.findLinkByShortUrl(shortUrl);
  if (!found) return null;
  const { details, stats } = found;
  return db.transaction('rw', [db.links, db.linkStats, ...historyTables(db)], async () => {
    const existing = await db.links.where('id').equals(details.id).first();
    const row = linkRow({ ...details, alias: '', clicks: stats.clicks }, existing, existing?.pulledAt ?? 0);
    const at = now();
    await recordTotals(
      db,
      'link',
      [
        {
          id: details.id,
          key: row.key,
          clicks: row.clicks,
          before: existing?.clicks ?? null,
          unique: stats.uniqueClicks,
        },
      ],
      at,
    );
    await db.links.put(row);
    const { location, device, expiry } = details;
    await db.linkStats.put({ key: row.key, stats, location, device, expiry, fetchedAt: at });
    return row.key;
  });
}
