/**
 * The records whose change a form on this page is waiting for an answer to, by local key (a new
 * link's is chosen by the page before the worker writes it: lib/links/handed.ts). Their refusal is
 * shown at its field in that form, then taken back, so this page's banner leaves them out rather than
 * flash "not accepted" in between. The set lives and dies with the page: a form closed before its
 * answer leaves a refusal that every page counts, and Sync shows it.
 */
// How many waits each key has: the page's own fallback write waits inside its hand-over, on the same key.
const keys = new Map<string, number>();
/**
 * The new links a form here let go of as taken back: refused, and deleted by the worker before it
 * answered. This page's reads learn of that delete a moment after the answer (Dexie serves them from
 * its cache of this page until the worker's change reaches it), and the banner then flashed "not
 * accepted" in between. A new link's key is chosen for it alone and never used again: kept for the
 * page's life.
 */
const takenBack = new Set<string>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const answeredHere = {
  /** Whether a form here waits for the answer to this record's change. */
  has: (key: string) => keys.has(key),
  /** What this page's banner leaves out: the refusals a form here waits for or took back. */
  leavesOut: (key: string) => keys.has(key) || takenBack.has(key),
  /** For React's useSyncExternalStore: a number that changes whenever the set does. */
  version: () => version,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/**
 * Marks the change of record `key` as answered in a form here; the returned function lets go of it,
 * told whether the change was taken back (a new link refused and deleted: `takenBack`). Let go of
 * otherwise (a form closed with its refusal standing), the refusal is counted here at once.
 */
export function awaitHere(key: string): (outcome?: 'taken back') => void {
  keys.set(key, (keys.get(key) ?? 0) + 1);
  changed();
  let held = true;
  return (outcome) => {
    if (!held) return;
    held = false;
    const left = (keys.get(key) ?? 1) - 1;
    if (left > 0) keys.set(key, left);
    else keys.delete(key);
    if (outcome === 'taken back') takenBack.add(key);
    changed();
  };
}
