import type { Change, Kind, LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';
import { knownIds } from './ids';
import { stampSyncState } from './mirror';
import { isReady } from './queue';

/*
 * The outbox's one writer: every change queued, folded, claimed, settled, recovered, rebased,
 * retried or taken back goes through a function of this module, so what an entry may become is
 * read in one place.
 */

/**
 * A change as an action queues it. `deps` names the other local keys whose server ids its request
 * needs; an edit or delete needs its own record's too, which is added here.
 */
export type Draft = Change & { deps?: string[]; priority?: 0 | 1 } & Pick<Queued, 'base' | 'ours'>;
export type NewChange = Draft & { key: string };

/** An entry queued claimed, as its page hands it to the worker: the key guards against a seq reused. */
export interface Claimed {
  seq: number;
  key: string;
}

/** An entry that is on the wire (or was, when the worker died) is never rewritten. */
const editable = (e: OutboxEntry) => e.state !== 'inflight';

/**
 * Adds a change to the outbox, folding it into what is already queued for the same record, as its
 * kind says: create+update → one create; update+update → one update; create+delete → nothing at
 * all; delete drops earlier updates. Must run inside the caller's transaction (with the outbox).
 *
 * With `claim`, a person's own change (priority 0) that can go at once (the first of its record,
 * with every id it needs) is added already claimed, in flight since `now`: the page that made it
 * hands it to the worker, which sends it without a claim of its own (one transaction fewer between
 * the click and the request). Returns its seq then, else null.
 */
export async function enqueue(db: LinkpilotDb, change: NewChange, now: number, claim = false): Promise<number | null> {
  const queued = await db.outbox.where('key').equals(change.key).sortBy('seq');
  const same = queued.filter((e) => e.kind === change.kind);
  if (change.op === 'delete') {
    await dropDependents(db, change.key);
    const create = same.find((e) => e.op === 'create' && editable(e));
    // Never reached the service: forget every change to it.
    if (create && !create.ambiguous && !queued.some((e) => e.state === 'inflight')) {
      await db.outbox.where('key').equals(change.key).delete();
      return null;
    }
    const updates = same.filter((e) => e.op === 'update' && editable(e));
    await db.outbox.bulkDelete(updates.map((e) => e.seq!));
    // The row shows those edits: the service's values they were made over are what is deleted.
    if (change.base) for (const update of updates) Object.assign(change.base, update.base);
    // An absorbed edit may have been applied with its answer lost: its values are ours, not another writer's.
    const how = kindOf(change.kind).twoWriters;
    if (change.base && how && updates.length > 0)
      change.ours = Object.assign({}, ...updates.map((u) => how.changes(u as never)));
  } else {
    const last = same.at(-1);
    const folded = last && editable(last) ? kindOf(change.kind).fold?.(last, change, last.ambiguous) : null;
    if (last && folded) {
      const queue: Queued = last;
      await db.outbox.put({
        ...queue,
        ...folded,
        // The first edit's base stands for its fields: the row showed that edit when the later one was made.
        ...(folded.op === 'update' && (change.base || queue.base) && { base: { ...change.base, ...queue.base } }),
        priority: last.priority === 0 || change.priority === 0 ? 0 : 1,
        // An edit is how a refused change is fixed: it goes back into the queue.
        ...(last.state === 'failed' ? { state: 'pending', error: null, attempts: 0, notBefore: now } : {}),
      });
      return null;
    }
  }
  const { priority = 1, deps: others = [], ...rest } = change;
  const deps = change.op !== 'create' && kindOf(change.kind).table ? [change.key, ...others] : others;
  const ids = await knownIds(db, deps);
  const claimed = claim && priority === 0 && queued.length === 0 && deps.every((d) => ids[d] !== undefined);
  const entry: OutboxEntry = {
    ...rest,
    deps,
    ids,
    state: claimed ? 'inflight' : 'pending',
    ...(claimed && { sentAt: now }),
    priority,
    attempts: 0,
    createdAt: now,
    notBefore: now,
    ambiguous: false,
    error: null,
  };
  const seq = await db.outbox.add(entry);
  return claimed ? (seq as number) : null;
}

/** Queued changes that need a record which is going away (assignments to or of it) are moot. */
export async function dropDependents(db: LinkpilotDb, key: string): Promise<void> {
  const dependents = await db.outbox.where('deps').equals(key).toArray();
  await db.outbox.bulkDelete(dependents.filter((e) => editable(e) && e.key !== key).map((e) => e.seq!));
}

/** Shows on the record whether its changes are sent. Must run in a transaction with the outbox and its table. */
export async function refreshSyncState(db: LinkpilotDb, kind: Kind, key: string): Promise<void> {
  await stampSyncState(db, kindOf(kind).table, key);
}

/**
 * When a create succeeds: its id goes into its own entries and every entry that waits for it, so
 * they can be sent (and stay sendable even if the worker dies before the next step).
 */
export async function recordServerId(db: LinkpilotDb, key: string, id: number): Promise<void> {
  const waiting = [
    ...(await db.outbox.where('key').equals(key).toArray()),
    ...(await db.outbox.where('deps').equals(key).toArray()),
  ];
  for (const entry of waiting) await db.outbox.update(entry.seq!, { ids: { ...entry.ids, [key]: id } });
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

/** Claimed entries that did not go after all (the budget said wait): pending again, as they were. */
export async function unclaim(db: LinkpilotDb, entries: OutboxEntry[]): Promise<void> {
  await db.outbox
    .where('seq')
    .anyOf(entries.map((e) => e.seq!))
    .filter((e) => e.state === 'inflight')
    .modify({ state: 'pending' });
}

/** Ends one entry: sent, taken back, or folded into another. */
export const endEntry = (db: LinkpilotDb, seq: number) => db.outbox.delete(seq);

/** Ends every entry of a record (a create never made takes its record's later changes along). */
export const endRecord = (db: LinkpilotDb, key: string) => db.outbox.where('key').equals(key).delete();

/** Records how an entry stands now (its state, its error, its rebased changes). */
export const changeEntry = (db: LinkpilotDb, seq: number, changes: Partial<OutboxEntry>) =>
  db.outbox.update(seq, changes);

/** An entry rewritten whole (a rebased change, a corrected create), under its own seq. */
export const replaceEntry = (db: LinkpilotDb, entry: OutboxEntry) => db.outbox.put(entry);

/** Every entry gone: another account takes over the database. */
export const clearOutbox = (db: LinkpilotDb) => db.outbox.clear();
