import type { LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';

/** Sendable once the service's id of every local key it needs is known. */
export const isReady = (entry: Queued) => entry.deps.every((key) => entry.ids[key] !== undefined);

/** Pending entries are read in pages of this many, most urgent first, until one may go. */
const PAGE = 20;

export interface Next {
  entry: OutboxEntry | null;
  /** When the earliest entry held back by a backoff is due; null when none is. */
  nextDue: number | null;
  /** The lowest seq of an ordinary entry still pending: where the next look may start. */
  floor: number | null;
}

/**
 * The next entry that may go: ready, due, and with nothing earlier of its record still queued
 * (refused entries block the changes after them); someone waiting first, then by seq. Read from
 * `from`, the floor an earlier look of the same drain returned: a store (LevelDB, fake-indexeddb)
 * stepping over the deletions of what was sent on every look would drain a long queue in quadratic
 * time. With `unreachableDue`, entries held back only because the service was out of reach are due.
 */
export async function nextEntry(db: LinkpilotDb, now: number, from = 0, unreachableDue = false): Promise<Next> {
  let nextDue: number | null = null;
  let floor: number | null = null;
  for (const [priority, lower] of [
    [0, 0],
    [1, from],
  ] as const) {
    const pending = db.outbox
      .where('[state+priority+seq]')
      .between(['pending', priority, lower], ['pending', priority, Infinity]);
    for (let offset = 0; ; offset += PAGE) {
      const page = await pending.clone().offset(offset).limit(PAGE).toArray();
      for (const entry of page) {
        if (priority === 1) floor ??= entry.seq!;
        if (!isReady(entry)) continue;
        if (entry.notBefore > now && !(unreachableDue && entry.error?.kind === 'network')) {
          nextDue = Math.min(nextDue ?? Infinity, entry.notBefore);
          continue;
        }
        // Of its record: a pulled record's key is its id, which another kind's record may share.
        const table = kindOf(entry.kind).table;
        const first = await db.outbox
          .where('key')
          .equals(entry.key)
          .filter((e) => kindOf(e.kind).table === table)
          .first();
        if (first?.seq === entry.seq) return { entry, nextDue, floor };
      }
      if (page.length < PAGE) break;
    }
  }
  return { entry: null, nextDue, floor };
}
