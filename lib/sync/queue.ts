import type { LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';
import { refreshSyncState } from './outbox';

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

/** Claimed entries that did not go after all (the budget said wait): pending again, as they were. */
export async function unclaim(db: LinkpilotDb, entries: OutboxEntry[]): Promise<void> {
  await db.outbox
    .where('seq')
    .anyOf(entries.map((e) => e.seq!))
    .filter((e) => e.state === 'inflight')
    .modify({ state: 'pending' });
}

/**
 * Marks the entry as on the wire and returns it as it is now. In one transaction with the read: a
 * page may have folded an edit into it, or dropped it, since `nextEntry` looked; sending the older
 * copy would lose that edit or send what was deleted.
 */
export async function claim(db: LinkpilotDb, seq: number, now: number): Promise<OutboxEntry | null> {
  return db.transaction('rw', db.outbox, async () => {
    const current = await db.outbox.get(seq);
    if (current?.state !== 'pending' || !isReady(current)) return null;
    await db.outbox.update(seq, { state: 'inflight', sentAt: now });
    return { ...current, state: 'inflight', sentAt: now };
  });
}

/** Closes an entry (sent) or records how it stands, in one transaction with the sync state of its record. */
export async function settle(db: LinkpilotDb, entry: OutboxEntry, changes: Partial<Queued> | 'done'): Promise<void> {
  const table = kindOf(entry.kind).table;
  await db.transaction('rw', table ? [db.outbox, db.table(table)] : [db.outbox], async () => {
    if (changes === 'done') await db.outbox.delete(entry.seq!);
    else await db.outbox.update(entry.seq!, changes);
    await refreshSyncState(db, entry.kind, entry.key);
  });
}

/**
 * Entries left in flight by a worker that was stopped: their outcome is unknown. A create may still
 * be running on the service, and looking for its record before it is written would send it twice:
 * it waits as a timed-out create does. Not left: entries this worker has on the wire (`sending`),
 * and those claimed less than a request's timeout ago, which a page may be handing to this worker
 * (they were queued claimed, see `enqueue`). Returns when the first of those is left if nobody
 * sent it, for the drain to look again then; null when none waits.
 */
export async function recoverInflight(
  db: LinkpilotDb,
  now: number,
  timeoutMs: number,
  sending: ReadonlySet<number> = new Set(),
): Promise<number | null> {
  let recheck: number | null = null;
  await db.outbox
    .where('state')
    .equals('inflight')
    .filter((e) => !sending.has(e.seq!))
    .modify((e) => {
      const left = (e.sentAt ?? 0) + timeoutMs;
      if (left > now) {
        recheck = Math.min(recheck ?? left, left);
        return;
      }
      e.state = 'pending';
      if (e.op !== 'create') return;
      e.ambiguous = true;
      if (e.sentAt !== undefined) e.notBefore = Math.max(e.notBefore, e.sentAt + 2 * timeoutMs);
    });
  return recheck;
}
