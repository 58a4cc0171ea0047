import { useEffect, useState } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

/** The current value of a storage item, kept up to date when any extension context changes it. */
export function useStorageItem<T>(item: WxtStorageItem<T, Record<string, unknown>>): { value: T; loaded: boolean } {
  const [state, setState] = useState<{ value: T; loaded: boolean }>({ value: item.fallback, loaded: false });
  useEffect(() => {
    let alive = true;
    void item.getValue().then((value) => alive && setState({ value, loaded: true }));
    const unwatch = item.watch((value) => setState({ value, loaded: true }));
    return () => {
      alive = false;
      unwatch();
    };
  }, [item]);
  return state;
}
