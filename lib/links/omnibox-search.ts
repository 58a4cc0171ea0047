import Dexie, { type ObservabilitySet } from 'dexie';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import { loadSearchIndex, type SearchIndex } from '../db/search-index';
import { queryWords } from '../db/search-words';
import { searchLinks } from './queries';

/**
 * How far IndexedDB is read for one keystroke while the word index is not there: a common word's
 * prefix range at 100,000 links takes up to a second to read whole; a few hundred candidates give
 * the first suggestions within a keystroke.
 */
const FALLBACK_SCAN = 300;
/** Links written in a burst (a pull writes page after page) settle before the index is built again. */
const SETTLE_MS = 300;

export interface OmniboxSearch {
  find(text: string, limit: number): Promise<LinkRow[]>;
  /** Settles once the first word index is built (or could not be). */
  readonly indexed: Promise<void>;
  close(): void;
}

/**
 * One address-bar session's search: it starts building the in-memory word index (the dashboard's)
 * as the keyword is typed and answers from IndexedDB until it is there, then from the index. Any
 * write to the links, from any page or the worker, drops the index until it is built again, so a
 * suggestion never comes from an old snapshot (a link made a moment ago is found at once).
 */
export function startOmniboxSearch(db: LinkpilotDb): OmniboxSearch {
  let index: SearchIndex | null = null;
  let closed = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const build = () => {
    const mine = ++generation;
    const current = () => closed || mine !== generation;
    return loadSearchIndex(db, current).then(
      (built) => {
        if (!current()) index = built;
      },
      // Searches keep going to IndexedDB until the next change tries again.
      () => undefined,
    );
  };
  const links = `idb://${db.name}/links/`;
  const onMutated = (parts: ObservabilitySet) => {
    if (!Object.keys(parts).some((part) => part.startsWith(links))) return;
    index = null;
    generation++;
    clearTimeout(timer);
    timer = setTimeout(() => void build(), SETTLE_MS);
  };
  Dexie.on('storagemutated', onMutated);
  const indexed = build();

  return {
    indexed,
    async find(text, limit) {
      const words = queryWords(text);
      if (words.length === 0) return [];
      if (!index) return searchLinks(db, text, limit, FALLBACK_SCAN);
      const found = await db.links.bulkGet(index.search(words, limit).keys);
      return found.filter((row): row is LinkRow => row !== undefined);
    },
    close() {
      closed = true;
      index = null;
      clearTimeout(timer);
      Dexie.on.storagemutated.unsubscribe(onMutated);
    },
  };
}
