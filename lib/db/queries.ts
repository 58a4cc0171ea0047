import type { LinkpilotDb, LinkRow } from './schema';
import { normalizeLongUrl, queryWords } from './search-words';

/** Newest links first: what the popup's recent list shows. */
export function recentLinks(db: LinkpilotDb, limit = 20): Promise<LinkRow[]> {
  return db.links.orderBy('date').reverse().limit(limit).toArray();
}

/**
 * Local search over alias, title, description and both URLs, by word prefix: every word typed
 * must start some word of the link. The most selective word drives the index; the rest filter.
 * At most `scan` candidates are read, then the newest `limit` are returned.
 */
export async function searchLinks(db: LinkpilotDb, text: string, limit = 50, scan = 2000): Promise<LinkRow[]> {
  const words = queryWords(text);
  const [first, ...rest] = words;
  if (!first) return recentLinks(db, limit);
  const matches = await db.links
    .where('words')
    .startsWith(first)
    .distinct()
    .filter((row) => rest.every((w) => row.words.some((rw) => rw.startsWith(w))))
    .limit(scan)
    .toArray();
  return matches.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0)).slice(0, limit);
}

/** The link for a page: by its long URL, or the page itself when it is one of our short URLs. */
export async function linkForPage(db: LinkpilotDb, pageUrl: string): Promise<LinkRow | undefined> {
  const key = normalizeLongUrl(pageUrl);
  const byShort = await db.links.where('shorturl').anyOf(pageUrl, key).first();
  if (byShort) return byShort;
  const candidates = await db.links.where('longurlKey').equals(key).toArray();
  // Prefer a link the service already has, then the newest.
  return candidates.sort((a, b) => Number(b.id !== null) - Number(a.id !== null) || (a.date < b.date ? 1 : -1))[0];
}

/**
 * The channel and campaign of a new link, kept only when this mirror holds them: the stored link
 * defaults may name records of another connection, and a link waiting for a record that will
 * never be sent here would wait forever.
 */
export async function placementInMirror<P extends { channelKey: string | null; campaignKey: string | null }>(
  db: LinkpilotDb,
  placement: P,
): Promise<P> {
  const [channel, campaign] = await Promise.all([
    placement.channelKey ? db.channels.get(placement.channelKey) : undefined,
    placement.campaignKey ? db.campaigns.get(placement.campaignKey) : undefined,
  ]);
  return { ...placement, channelKey: channel ? channel.key : null, campaignKey: campaign ? campaign.key : null };
}
