/**
 * The changes a form on this page is waiting for an answer to. Their refusal is shown at its field
 * in that form, then taken back, so this page's banner leaves them out rather than flash "not
 * accepted" in between. The set lives and dies with the page: a form closed before its answer
 * leaves a refusal that every page counts, and Sync shows it.
 */
const seqs = new Set<number>();
const listeners = new Set<() => void>();
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

export const answeredHere = {
  has: (seq: number) => seqs.has(seq),
  /** For React's useSyncExternalStore: a number that changes whenever the set does. */
  version: () => version,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

/** Marks `seq` as answered in a form here; the returned function lets go of it. */
export function awaitHere(seq: number): () => void {
  seqs.add(seq);
  changed();
  return () => {
    if (seqs.delete(seq)) changed();
  };
}
