import type { Entity, LinkpilotDb, OutboxEntry, OutboxOp, SyncState } from '../db/schema';

/** Tables a user action may touch; actions open one transaction over these and the outbox. */
export type MirrorTableName = 'links' | 'channels' | 'campaigns' | 'domains' | 'qrCodes' | 'account' | 'channelItems';

export const tableOf: Record<Entity, MirrorTableName> = {
  link: 'links',
  channel: 'channels',
  campaign: 'campaigns',
  domain: 'domains',
  qr: 'qrCodes',
  account: 'account',
};

export interface NewEntry {
  entity: Entity;
  op: OutboxOp;
  key: string;
  payload: Record<string, unknown>;
  deps?: string[];
  priority?: 0 | 1;
}

/** An entry that is on the wire (or was, when the worker died) is never rewritten. */
const editable = (e: OutboxEntry) => e.state !== 'inflight';

/**
 * Adds a change to the outbox, folding it into what is already queued for the same record:
 * create+update → one create; update+update → one update; create+delete → nothing at all;
 * delete drops earlier updates. Must run inside the caller's transaction (with the outbox).
 * Returns the seq of the entry that will carry the change, or null when nothing needs sending.
 */
export async function enqueue(db: LinkpilotDb, change: NewEntry, now: number): Promise<number | null> {
  const queued = (await db.outbox.where('key').equals(change.key).sortBy('seq')).filter(
    (e) => e.entity === change.entity,
  );
  const create = queued.find((e) => e.op === 'create' && editable(e));

  if (change.op === 'update') {
    const target =
      create ?? [...queued].reverse().find((e) => e.op === 'update' && editable(e) && isLastWrite(queued, e));
    if (target?.seq !== undefined) {
      await db.outbox.update(target.seq, {
        payload: mergePatch(target.payload, change.payload),
        // An edit is how a refused change is fixed: it goes back into the queue.
        ...(target.state === 'failed' ? { state: 'pending', error: null, attempts: 0, notBefore: now } : {}),
        priority: Math.min(target.priority, change.priority ?? 1) as 0 | 1,
      });
      return target.seq;
    }
  }

  if (change.op === 'delete') {
    if (create && !create.ambiguous && !queued.some((e) => e.state === 'inflight')) {
      // Never reached the service: forget every change to it, and everything waiting on it.
      await dropEntriesOf(db, change.key);
      return null;
    }
    const updates = queued.filter((e) => e.op === 'update' && editable(e)).map((e) => e.seq!);
    await db.outbox.bulkDelete(updates);
    await dropDependents(db, change.key);
  }

  if (change.op === 'assign-campaign') {
    // A link belongs to one campaign: the newest choice replaces a queued one.
    const earlier = queued.filter((e) => e.op === 'assign-campaign' && editable(e)).map((e) => e.seq!);
    await db.outbox.bulkDelete(earlier);
  }
  if (change.op === 'assign-channel') {
    const same = queued.find(
      (e) => e.op === 'assign-channel' && editable(e) && e.payload.channelKey === change.payload.channelKey,
    );
    if (same?.seq !== undefined) return same.seq;
  }

  const ids = await knownIds(db, change.entity, [change.key, ...(change.deps ?? [])]);
  return (await db.outbox.add(pendingEntry(change, ids, now))) as number;
}

/** A change as it enters the queue, not yet tried; `ids` are the service ids known for its key and deps. */
export function pendingEntry(change: NewEntry, ids: Record<string, number>, now: number): OutboxEntry {
  return {
    entity: change.entity,
    op: change.op,
    key: change.key,
    payload: change.payload,
    deps: change.deps ?? [],
    ids,
    state: 'pending',
    priority: change.priority ?? 1,
    attempts: 0,
    createdAt: now,
    notBefore: now,
    ambiguous: false,
    error: null,
  };
}

/** True when no later editable write to the record would be overtaken by merging into `e`. */
function isLastWrite(queued: OutboxEntry[], e: OutboxEntry): boolean {
  return !queued.some((other) => (other.seq ?? 0) > (e.seq ?? 0) && other.op !== 'update');
}

/** Later values win; nested objects (the account's fields, a link's input) merge shallowly. */
export function mergePatch(base: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [field, value] of Object.entries(patch)) {
    const before = out[field];
    out[field] = isPlainObject(before) && isPlainObject(value) ? { ...before, ...value } : value;
  }
  return out;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

async function dropEntriesOf(db: LinkpilotDb, key: string): Promise<void> {
  await db.outbox.where('key').equals(key).delete();
  await dropDependents(db, key);
}

/** Queued changes that need a record which is going away (assignments to or of it) are moot. */
async function dropDependents(db: LinkpilotDb, key: string): Promise<void> {
  const dependents = await db.outbox.where('deps').equals(key).toArray();
  await db.outbox.bulkDelete(dependents.filter((e) => editable(e) && e.key !== key).map((e) => e.seq!));
}

/** The server ids already known for these local keys (looked up across the mirror tables). */
async function knownIds(db: LinkpilotDb, entity: Entity, keys: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const key of new Set(keys)) {
    const id = await idOfKey(db, key, entity);
    if (id !== null) ids[key] = id;
  }
  return ids;
}

const ID_TABLES = ['links', 'channels', 'campaigns', 'domains', 'qrCodes'] as const;

export async function idOfKey(db: LinkpilotDb, key: string, hint?: Entity): Promise<number | null> {
  const first = hint && hint !== 'account' ? [tableOf[hint]] : [];
  for (const name of [...first, ...ID_TABLES]) {
    if (name === 'account' || name === 'channelItems') continue;
    const row = await db.table<{ id: number | null }>(name).get(key);
    if (row) return row.id;
  }
  return null;
}

/**
 * When a create succeeds: its id goes into every entry that waits for it, so they can be sent
 * (and stay sendable even if the worker dies before the next step).
 */
export async function recordServerId(db: LinkpilotDb, key: string, id: number): Promise<void> {
  const waiting = [
    ...(await db.outbox.where('key').equals(key).toArray()),
    ...(await db.outbox.where('deps').equals(key).toArray()),
  ];
  for (const entry of waiting) {
    await db.outbox.update(entry.seq!, { ids: { ...entry.ids, [key]: id } });
  }
}

/** The sync state a record shows: failed if any of its changes failed, pending while any wait. */
export async function syncStateOf(db: LinkpilotDb, key: string): Promise<SyncState> {
  const entries = await db.outbox.where('key').equals(key).toArray();
  if (entries.some((e) => e.state === 'failed')) return 'failed';
  return entries.length > 0 ? 'pending' : 'synced';
}

export async function refreshSyncState(db: LinkpilotDb, entity: Entity, key: string): Promise<void> {
  if (entity === 'account') return;
  const sync = await syncStateOf(db, key);
  await db.table(tableOf[entity]).update(key, { sync });
}
