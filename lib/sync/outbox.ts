import type { Change, Kind, LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';
import { knownIds } from './ids';
import { stampSyncState } from './mirror';

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
