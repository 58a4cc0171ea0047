/**
 * The records whose change a form on this page is waiting for an answer to, by local key (a new
 * link's is chosen by the page before the worker writes it: lib/links/handed.ts). Their refusal is
 * shown at its field in that form, then taken back, so this page's banner leaves them out rather than
 * flash "not accepted" in between. The set lives and dies with the page: a form closed before its
 * answer leaves a refusal that every page counts, and Sync shows it.
 */
// How many waits each key has: the page's own fallback write waits inside its hand-over, on the same key.
const keys = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;
let letGoes = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const answeredHere = {
  has: (key: string) => keys.has(key),
  /** For React's useSyncExternalStore: a number that changes whenever the set does. */
  version: () => version,
  /**
   * A number that changes whenever a form here lets go of a change: a refusal it leaves behind (its
   * form closed before it was fixed) is then counted by this page too, and only a new read says so.
   */
  letGoes: () => letGoes,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Marks the change of record `key` as answered in a form here; the returned function lets go of it. */
export function awaitHere(key: string): () => void {
  keys.set(key, (keys.get(key) ?? 0) + 1);
  changed();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    const left = (keys.get(key) ?? 1) - 1;
    if (left > 0) keys.set(key, left);
    else keys.delete(key);
    letGoes += 1;
    changed();
  };
}
