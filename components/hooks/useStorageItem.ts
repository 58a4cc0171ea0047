import { useEffect, useState } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

/**
 * The current value of a storage item, kept up to date when any extension context changes it.
 * `initial`, when a page has just read it, is shown at once instead of being read again.
 */
export function useStorageItem<T>(
  item: WxtStorageItem<T, Record<string, unknown>>,
  initial?: T,
): { value: T; loaded: boolean } {
  const [state, setState] = useState<{ value: T; loaded: boolean }>(
    initial === undefined ? { value: item.fallback, loaded: false } : { value: initial, loaded: true },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `initial` is the first value only; the watch keeps it current.
  useEffect(() => {
    let alive = true;
    if (initial === undefined) void item.getValue().then((value) => alive && setState({ value, loaded: true }));
    const unwatch = item.watch((value) => setState({ value, loaded: true }));
    return () => {
      alive = false;
      unwatch();
    };
  }, [item]);
  return state;
}
