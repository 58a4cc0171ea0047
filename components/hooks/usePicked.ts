import { useState } from 'react';

/**
 * The records ticked in a list for an action on several at once. `pick` ticks (or unticks) these
 * keys; `only` replaces the whole selection with them.
 */
export function usePicked() {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const pick = (keys: readonly string[], on: boolean, only = false) =>
    setPicked((was) => {
      const next = new Set(only ? [] : was);
      for (const key of keys) on ? next.add(key) : next.delete(key);
      return next;
    });
  const clear = () => setPicked(new Set());
  return { picked, pick, clear };
}
