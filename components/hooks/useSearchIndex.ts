import { useEffect, useState } from 'react';
import type { LinkpilotDb } from '@/lib/db/schema';
import { loadSearchIndex, type SearchIndex } from '@/lib/db/search-index';

/** Waits before loading, so bursts of changes (a pull writes page after page) settle first. */
const SETTLE_MS = 300;

/**
 * The in-memory search index of the links, or null while it is being (re)built. It is dropped the
 * moment `changes` moves, so a search never answers from an out-of-date snapshot: until the new
 * one is built, searches go to IndexedDB, slower but current. Nothing is read before `start`
 * (the first rows are on screen): the table's first paint comes before the index.
 */
export function useSearchIndex(db: LinkpilotDb, changes: number, start: boolean): SearchIndex | null {
  const [index, setIndex] = useState<{ value: SearchIndex; changes: number } | null>(null);
  useEffect(() => {
    if (!start) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      performance.mark('linkpilot:search-index-start');
      loadSearchIndex(db, () => cancelled).then(
        (value) => {
          if (!value || cancelled) return;
          performance.measure('linkpilot:search-index-build', 'linkpilot:search-index-start');
          setIndex({ value, changes });
        },
        // Searches keep going to IndexedDB; the next change tries again.
        () => undefined,
      );
    }, SETTLE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, changes, start]);
  return index && index.changes === changes ? index.value : null;
}
