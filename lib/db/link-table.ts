import type { LinkpilotDb, LinkRow } from './schema';
import { queryWords } from './search-words';

export interface LinkTableQuery {
  sort: 'date' | 'clicks';
  search: string;
  channelKey: string | null;
  campaignKey: string | null;
  domain: string | null;
  status: 'public' | 'private' | null;
}

/** Filtered or searched results are capped: the table says so rather than loading 100,000 rows. */
export const MAX_MATCHES = 5000;

const filtered = (q: LinkTableQuery) => Boolean(q.search.trim() || q.channelKey || q.campaignKey || q.domain || q.status);

/**
 * What the links table shows. Unfiltered, it pages straight through the sort index (only the
 * visible window is read, so 100,000 links cost what 50 do); filtered or searched, the matches
 * (at most MAX_MATCHES) are collected once and windowed in memory.
 */
export async function linkTableTotal(db: LinkpilotDb, q: LinkTableQuery): Promise<{ total: number; capped: boolean; keys: string[] | null }> {
  if (!filtered(q)) return { total: await db.links.count(), capped: false, keys: null };
  const rows = await matchingRows(db, q);
  const sorted = rows.sort(q.sort === 'clicks' ? (a, b) => b.clicks - a.clicks || cmpDate(a, b) : cmpDate);
  return { total: sorted.length, capped: rows.length >= MAX_MATCHES, keys: sorted.map((r) => r.key) };
}

export async function linkTableWindow(db: LinkpilotDb, q: LinkTableQuery, keys: string[] | null, start: number, count: number): Promise<LinkRow[]> {
  if (keys) return (await db.links.bulkGet(keys.slice(start, start + count))).filter((r): r is LinkRow => r !== undefined);
  return db.links.orderBy(q.sort).reverse().offset(start).limit(count).toArray();
}

function cmpDate(a: LinkRow, b: LinkRow): number {
  return a.date < b.date ? 1 : a.date > b.date ? -1 : 0;
}

async function matchingRows(db: LinkpilotDb, q: LinkTableQuery): Promise<LinkRow[]> {
  const words = queryWords(q.search);
  const [first, ...rest] = words;
  const keep = (row: LinkRow) =>
    (!q.campaignKey || row.campaignKey === q.campaignKey) &&
    (!q.domain || row.domain === q.domain) &&
    (!q.status || row.status === q.status) &&
    rest.every((w) => row.words.some((rw) => rw.startsWith(w)));
  // The most selective source first: a channel's items, an indexed filter, the word index, or everything.
  if (q.channelKey) {
    const items = await db.channelItems.where('channelKey').equals(q.channelKey).toArray();
    const rows = await db.links.bulkGet(items.map((i) => i.itemKey).filter((k): k is string => k !== null));
    return rows.filter((r): r is LinkRow => r !== undefined && (!first || r.words.some((w) => w.startsWith(first))) && keep(r)).slice(0, MAX_MATCHES);
  }
  if (first) return db.links.where('words').startsWith(first).distinct().filter(keep).limit(MAX_MATCHES).toArray();
  if (q.campaignKey) return db.links.where('campaignKey').equals(q.campaignKey).filter(keep).limit(MAX_MATCHES).toArray();
  if (q.domain) return db.links.where('domain').equals(q.domain).filter(keep).limit(MAX_MATCHES).toArray();
  return db.links.filter(keep).limit(MAX_MATCHES).toArray();
}
