import { compareKeysNewestFirst } from './keys';
import type { LinkpilotDb, LinkRow } from './schema';

/**
 * An in-memory word index over the mirrored links, for searches that must answer within a
 * keystroke at 100,000 links. IndexedDB cannot: a prefix range of the multi-entry `words` index
 * holding 16,000 links takes ~150 ms to read in Chromium, every word common to all links ~1 s.
 * Here a search is a binary search into the sorted vocabulary plus a pass over the postings.
 *
 * Rows are numbered newest first (by key), so results come out in the table's date order without
 * sorting. The index is a snapshot: whoever holds it drops it when the links change.
 */
export interface SearchIndex {
  readonly size: number;
  /** Keys of the links having every query word as a word prefix, newest first, at most `max`. */
  search(queryWords: string[], max: number): { keys: string[]; capped: boolean };
}

/** More query words than this are not needed to narrow a search, and hit counts fit a byte. */
const MAX_QUERY_WORDS = 16;

export function buildSearchIndex(entries: Iterable<{ key: string; words: readonly string[] }>): SearchIndex {
  const list = [...entries].sort((a, b) => compareKeysNewestFirst(a.key, b.key));
  const keys = list.map((e) => e.key);
  const postingsByWord = new Map<string, number[]>();
  list.forEach((entry, row) => {
    for (const word of entry.words) {
      const rows = postingsByWord.get(word);
      if (!rows) postingsByWord.set(word, [row]);
      else if (rows[rows.length - 1] !== row) rows.push(row);
    }
  });
  const vocabulary = [...postingsByWord.keys()].sort();
  const postings = vocabulary.map((w) => Int32Array.from(postingsByWord.get(w)!));
  postingsByWord.clear();

  function firstAtLeast(word: string): number {
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (vocabulary[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  return {
    size: keys.length,
    search(queryWords, max) {
      const words = [...new Set(queryWords.filter((w) => w.length > 0))].slice(0, MAX_QUERY_WORDS);
      if (words.length === 0) return { keys: [], capped: false };
      // hits[row] counts the query words matched so far; a row only advances from j to j + 1 on
      // word j, so a row reached by several words of the same prefix is counted once.
      const hits = new Uint8Array(keys.length);
      for (let j = 0; j < words.length; j++) {
        const word = words[j]!;
        let touched = false;
        for (let v = firstAtLeast(word); v < vocabulary.length && vocabulary[v]!.startsWith(word); v++) {
          const rows = postings[v]!;
          for (let i = 0; i < rows.length; i++) {
            const row = rows[i]!;
            if (hits[row] === j) {
              hits[row] = j + 1;
              touched = true;
            }
          }
        }
        if (!touched) return { keys: [], capped: false };
      }
      const found: string[] = [];
      const all = words.length;
      for (let row = 0; row < keys.length; row++) {
        if (hits[row] !== all) continue;
        if (found.length === max) return { keys: found, capped: true };
        found.push(keys[row]!);
      }
      return { keys: found, capped: false };
    },
  };
}

/** Records read per IndexedDB request while loading: small enough not to hold the page up. */
const LOAD_CHUNK = 5_000;

/** Reads every link's words in key order, chunk by chunk; null when `cancelled` says to stop. */
export async function loadSearchIndex(db: LinkpilotDb, cancelled: () => boolean): Promise<SearchIndex | null> {
  const entries: { key: string; words: string[] }[] = [];
  let after: string | null = null;
  for (;;) {
    const chunk: LinkRow[] = await (after === null ? db.links.orderBy('key') : db.links.where('key').above(after))
      .limit(LOAD_CHUNK)
      .toArray();
    if (cancelled()) return null;
    for (const row of chunk) entries.push({ key: row.key, words: row.words });
    if (chunk.length < LOAD_CHUNK) break;
    after = chunk[chunk.length - 1]!.key;
  }
  return buildSearchIndex(entries);
}
