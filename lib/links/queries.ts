import { bestFirst, pageKey } from '../db/page-identity';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import { normalizeLongUrl, queryWords } from '../db/search-words';

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

/**
 * The links of a page, the best first (see `bestFirst`): the page itself when it is one of our
 * short URLs, else every link whose long URL is the page without its tracking parameters. Two
 * index look-ups, whatever the size of the mirror.
 */
/** The account's link whose short URL this is, if any: an address that would lead back to the service. */
export async function linkOfShortUrl(db: LinkpilotDb, url: string): Promise<LinkRow | undefined> {
  return db.links.where('shorturl').anyOf(url, normalizeLongUrl(url)).first();
}

/** Which of many addresses are the account's own short URLs (as linkOfShortUrl reads one), in one look-up. */
export async function ownShortUrlsAmong(db: LinkpilotDb, urls: readonly string[]): Promise<(url: string) => boolean> {
  const asked = [...new Set(urls.flatMap((url) => [url, url.trim(), normalizeLongUrl(url.trim())]))];
  const found = new Set((await db.links.where('shorturl').anyOf(asked).toArray()).map((row) => row.shorturl));
  return (url) => found.has(url) || found.has(normalizeLongUrl(url));
}

export async function linksForPage(db: LinkpilotDb, pageUrl: string): Promise<LinkRow[]> {
  const byShort = await linkOfShortUrl(db, pageUrl);
  if (byShort) return [byShort];
  return linksToPage(db, pageUrl);
}

/** The links whose long URL is this page, best first (a short URL is not looked up: see linksForPage). */
export async function linksToPage(db: LinkpilotDb, pageUrl: string): Promise<LinkRow[]> {
  return bestFirst(pageUrl, await db.links.where('longurlKey').equals(pageKey(pageUrl)).toArray());
}

/**
 * The links the popup stands for, best first: the one just made there (none while it is not in
 * the mirror), else the page's own; undefined while the page is not known.
 */
export async function linksOfShownPage(
  db: LinkpilotDb,
  createdKey: string | null,
  pageUrl: string | undefined,
): Promise<LinkRow[] | undefined> {
  if (createdKey) {
    const row = await db.links.get(createdKey);
    return row ? [row] : [];
  }
  return pageUrl === undefined ? undefined : linksForPage(db, pageUrl);
}

/** The best link for a page (see `linksForPage`). */
export async function linkForPage(db: LinkpilotDb, pageUrl: string): Promise<LinkRow | undefined> {
  return (await linksForPage(db, pageUrl))[0];
}

/**
 * The best existing link of each of many addresses (a bulk list, the tabs of a window), by the
 * address as given; addresses without one are left out. One index look-up for the whole list.
 */
export async function linksForPages(db: LinkpilotDb, urls: string[]): Promise<Map<string, LinkRow>> {
  const keys = new Map(urls.map((url) => [url, pageKey(url)] as const));
  const rows = await db.links
    .where('longurlKey')
    .anyOf([...new Set(keys.values())])
    .toArray();
  const byKey = new Map<string, LinkRow[]>();
  for (const row of rows) byKey.set(row.longurlKey, [...(byKey.get(row.longurlKey) ?? []), row]);
  const found = new Map<string, LinkRow>();
  for (const [url, key] of keys) {
    const best = bestFirst(url, byKey.get(key) ?? [])[0];
    if (best) found.set(url, best);
  }
  return found;
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
