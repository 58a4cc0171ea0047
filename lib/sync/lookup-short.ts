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
  const d = found.details;
  return db.transaction('rw', db.links, db.linkStats, async () => {
    const existing = await db.links.where('id').equals(d.id).first();
    const row = linkRow(
      {
        id: d.id,
        alias: '',
        shorturl: d.shorturl,
        longurl: d.longurl,
        clicks: found.stats.clicks,
        title: d.title,
        description: d.description,
        date: d.date,
      },
      existing,
      existing?.pulledAt ?? 0,
    );
    await db.links.put(row);
    await db.linkStats.put({
      key: row.key,
      stats: found.stats,
      location: d.location,
      device: d.device,
      expiry: d.expiry,
      fetchedAt: Date.now(),
    });
    return row.key;
  });
}
