import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/**
 * A number that goes up whenever what `watch` reads changes. For queries too large to run inside a
 * live query: Dexie's live queries remember every primary key an index query returns, which for a
 * search over 100,000 links costs far more than the search itself. Such a query runs as a plain read,
 * and re-runs when this count moves; `watch` should cover whole tables but read little.
 */
export function useChangeCount(watch: () => Promise<unknown>): number {
  const [count, setCount] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the watched query is fixed for the component's life.
  useEffect(() => {
    let first = true;
    const subscription = liveQuery(watch).subscribe({
      next: () => {
        // The first answer is the state already read; only later ones are changes.
        if (first) first = false;
        else setCount((n) => n + 1);
      },
      error: () => setCount((n) => n + 1),
    });
    return () => subscription.unsubscribe();
  }, []);
  return count;
}
