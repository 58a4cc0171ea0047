import { compareKeysNewestFirst } from '../db/keys';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import type { SearchIndex } from '../db/search-index';
import { queryWords } from '../db/search-words';
import { gainsByRecord, gainsSince } from '../history/read';
import { DAY } from '../history/record';

export interface LinkTableQuery {
  /** Trending: clicks gained in the last 7 days (lib/history), then the newest. */
  sort: 'date' | 'clicks' | 'trending';
  search: string;
  channelKey: string | null;
  campaignKey: string | null;
  domain: string | null;
  status: 'public' | 'private' | null;
}

/** Filtered or searched results are capped: the table says so rather than loading 100,000 rows. */
export const MAX_MATCHES = 5000;

export const isFiltered = (q: LinkTableQuery) =>
  Boolean(q.search.trim() || q.channelKey || q.campaignKey || q.domain || q.status);

/** Whether the table's order is a list of keys made for it, not an index of the links it pages through. */
export const listedOrder = (q: LinkTableQuery) => isFiltered(q) || q.sort === 'trending';

/** Days whose gain the Trending order and the gain column count. */
export const TRENDING_DAYS = 7;

/**
 * What the links table shows. Unfiltered, it pages straight through the sort index (only the
 * visible window is read, so 100,000 links cost what 50 do); filtered or searched, the matches
 * (at most MAX_MATCHES) are collected once and windowed in memory.
 */
export async function linkTableTotal(
  db: LinkpilotDb,
  q: LinkTableQuery,
  index: SearchIndex | null = null,
  now: number = Date.now(),
): Promise<{ total: number; capped: boolean; keys: string[] | null }> {
  if (q.sort === 'trending') return trendingKeys(db, q, now);
  if (!isFiltered(q)) return { total: await db.links.count(), capped: false, keys: null };
  if (q.sort === 'date' && !q.channelKey && !q.campaignKey && !q.domain && !q.status) {
    // The in-memory index when the caller holds a current one; the IndexedDB word index otherwise.
    const { keys, capped } = index
      ? index.search(queryWords(q.search), MAX_MATCHES)
      : await searchKeys(db, queryWords(q.search));
    return { total: keys.length, capped, keys };
  }
  const rows = await matchingRows(db, q);
  const sorted = rows.sort(q.sort === 'clicks' ? (a, b) => b.clicks - a.clicks || cmpDate(a, b) : cmpDate);
  return { total: sorted.length, capped: rows.length >= MAX_MATCHES, keys: sorted.map((r) => r.key) };
}

/**
 * A read that, inside a live query, makes it re-run on any change to what the table shows. A live
 * query watches the whole range it asked for, not only the records it got, so one record per table
 * is enough; a count would walk all 100,000 records on every run.
 */
export async function watchLinkTable(db: LinkpilotDb): Promise<void> {
  await Promise.all([db.links.limit(1).toArray(), db.channelItems.limit(1).toArray()]);
}

export async function linkTableWindow(
  db: LinkpilotDb,
  q: LinkTableQuery,
  keys: string[] | null,
  start: number,
  count: number,
): Promise<LinkRow[]> {
  if (keys)
    return (await db.links.bulkGet(keys.slice(start, start + count))).filter((r): r is LinkRow => r !== undefined);
  // Trending has no index of its own: until its keys arrive, the newest first.
  const index = q.sort === 'trending' ? 'date' : q.sort;
  return db.links.orderBy(index).reverse().offset(start).limit(count).toArray();
}

/**
 * A plain search, answered from the word index alone, without reading records: the rarest word
 * (by a count over the index) supplies the candidates, newest first, at most 2 × MAX_MATCHES;
 * each other word narrows them by its own key set, or, when it is very common, by reading the
 * candidates' words. Only the visible rows are read later.
 */
async function searchKeys(db: LinkpilotDb, words: string[]): Promise<{ keys: string[]; capped: boolean }> {
  const byWord = db.links.where('words');
  const counts = await Promise.all(words.map((w) => byWord.startsWith(w).count()));
  const order = words.map((w, i) => ({ w, n: counts[i]! })).sort((a, b) => a.n - b.n);
  const [rarest, ...others] = order;
  if (!rarest || rarest.n === 0) return { keys: [], capped: false };
  // Not reversed and not limited: then Dexie can use one getAllKeys() call instead of a cursor.
  const candidates = [...new Set((await byWord.startsWith(rarest.w).primaryKeys()) as string[])]
    .sort(compareKeysNewestFirst)
    .slice(0, MAX_MATCHES * 2);
  let keys = candidates;
  const common: string[] = [];
  for (const other of others) {
    if (other.n > COMMON_WORD) common.push(other.w);
    else {
      const set = new Set((await byWord.startsWith(other.w).primaryKeys()) as string[]);
      keys = keys.filter((k) => set.has(k));
    }
  }
  if (common.length > 0 && keys.length > 0) {
    // Cheaper to read the few candidates than the key set of a word nearly every link has.
    const rows = await db.links.bulkGet(keys);
    keys = rows
      .filter((r): r is LinkRow => r !== undefined && common.every((w) => r.words.some((rw) => rw.startsWith(w))))
      .map((r) => r.key);
  }
  return { keys: keys.slice(0, MAX_MATCHES), capped: rarest.n > MAX_MATCHES * 2 || keys.length > MAX_MATCHES };
}

/** A word in more index entries than this is checked on the candidates instead of by its key set. */
const COMMON_WORD = 20_000;

/**
 * Links by clicks gained in the last TRENDING_DAYS days, most first, then the rest newest first.
 * No link is read: the gains and keys come from the history's last days, the rest as keys of the
 * date index.
 */
async function trendingKeys(
  db: LinkpilotDb,
  q: LinkTableQuery,
  now: number,
): Promise<{ total: number; capped: boolean; keys: string[] }> {
  if (isFiltered(q)) {
    const gains = await gainsByRecord(db, 'link', now, TRENDING_DAYS);
    const byGain = (a: LinkRow, b: LinkRow) =>
      (gains.get(b.id ?? -1) ?? 0) - (gains.get(a.id ?? -1) ?? 0) || cmpDate(a, b);
    const rows = await matchingRows(db, q);
    return { total: rows.length, capped: rows.length >= MAX_MATCHES, keys: rows.sort(byGain).map((r) => r.key) };
  }
  const [gaining, byDate] = await Promise.all([
    trendingLinks(db, now),
    // Ascending and unlimited, Dexie reads the keys in one getAllKeys(); reversed here.
    db.links.orderBy('date').primaryKeys() as Promise<string[]>,
  ]);
  const mirrored = new Set(byDate);
  const first = gaining.filter((k) => mirrored.has(k));
  const firstSet = new Set(first);
  const keys = [...first, ...byDate.reverse().filter((k) => !firstSet.has(k))];
  return { total: keys.length, capped: false, keys };
}

/**
 * The links that gained clicks in the last TRENDING_DAYS days, by their gain, most first; links
 * that gained as much, newest first by key (as search results are ordered without reading rows).
 */
export async function trendingLinks(db: LinkpilotDb, now: number): Promise<string[]> {
  const gains = [...(await gainsSince(db, 'link', now - TRENDING_DAYS * DAY)).values()];
  return gains.sort((a, b) => b.gain - a.gain || compareKeysNewestFirst(a.key, b.key)).map((g) => g.key);
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
    return rows
      .filter((r): r is LinkRow => r !== undefined && (!first || r.words.some((w) => w.startsWith(first))) && keep(r))
      .slice(0, MAX_MATCHES);
  }
  if (first) return db.links.where('words').startsWith(first).distinct().filter(keep).limit(MAX_MATCHES).toArray();
  if (q.campaignKey)
    return db.links.where('campaignKey').equals(q.campaignKey).filter(keep).limit(MAX_MATCHES).toArray();
  if (q.domain) return db.links.where('domain').equals(q.domain).filter(keep).limit(MAX_MATCHES).toArray();
  return db.links.filter(keep).limit(MAX_MATCHES).toArray();
}
