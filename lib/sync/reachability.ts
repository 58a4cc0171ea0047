import { refusesKey } from '../api/decode';
import type { Fetch } from '../api/fetch';
import { metaKey, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { words } from '../words';

/**
 * Whether the service answered the last time it was asked, kept in the mirror so every page can say
 * "the service can't be reached" at once, and why (a sleeping worker remembers nothing else).
 */
export interface Reachability {
  reachable: boolean;
  /** When the answer (or the silence) began, epoch ms. */
  since: number;
  /** The failure in the person's words, when unreachable. */
  message: string | null;
  /**
   * Reached, and the API key refused: every change waits for the current key (lib/engine/policy.ts),
   * which the person must give in Settings. Absent otherwise.
   */
  keyRefused?: true;
}

export const reachabilityKey = metaKey<Reachability | null>('reachability', null);

export async function readReachability(db: LinkpilotDb): Promise<Reachability | null> {
  return readMeta(db, reachabilityKey);
}

/**
 * A fetch that records whether the service answers: any HTTP answer counts as reachable (a 500 is
 * the service speaking); a failure to connect or a timeout counts as unreachable. An abort the
 * caller asked for says nothing about the service. An answer refusing the key is recorded as such.
 */
export function recordingReachability(
  db: LinkpilotDb,
  send: Fetch,
  now: () => number = Date.now,
): Fetch & { recorded(): Promise<void> } {
  // Written behind the request, one after another; `recorded` resolves once all so far are done.
  let writing: Promise<void> = Promise.resolve();
  // Only a change of state is written, so pages re-render rarely.
  const record = (reachable: boolean, message: string | null = null, keyRefused = false) => {
    const since = now();
    writing = writing
      .then(async () => {
        const current = await readReachability(db);
        const same = current?.reachable === reachable && current.message === message;
        if (same && (current.keyRefused ?? false) === keyRefused) return;
        await writeMeta(db, reachabilityKey, { reachable, since, message, ...(keyRefused && { keyRefused: true }) });
      })
      .catch(() => undefined);
  };
  const recording = async (input: Parameters<Fetch>[0], init?: Parameters<Fetch>[1]) => {
    try {
      const response = await send(input, init);
      record(true, null, refusesKey(response.status));
      return response;
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      const message = words(timedOut ? 'syncProblem.timedOut' : 'syncProblem.unreachable');
      if (error instanceof TypeError || timedOut) record(false, message);
      throw error;
    }
  };
  return Object.assign(recording, { recorded: () => writing });
}
