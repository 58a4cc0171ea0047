import Dexie from 'dexie';
import { ApiError } from '../api/errors';
import { newLocalKey } from '../db/keys';
import type { Asks, Kind, LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import type { Capability } from '../kinds/capabilities';
import { changeTables, kindOf } from '../kinds/index';
import type { Ask, AskedOp, Fields } from '../kinds/kind';
import type { MirrorWrite } from '../kinds/mirror-write';
import type { Row } from '../kinds/table';
import { baseOf, rowFieldsOf } from '../kinds/two-writers';
import { words } from '../words';
import { refuseAbsent } from './beyond-seed';
import { writeMirror } from './mirror';
import {
  type Claimed,
  changeEntry,
  dropDependents,
  endEntry,
  endRecord,
  enqueue,
  type NewChange,
  refreshSyncState,
  replaceEntry,
} from './outbox';
import { refuseTaken } from './taken';

/**
 * One function per user action: its input validated with the API's own schemas, the local record
 * and its outbox entry written in one transaction; the background worker sends it.
 */
export interface ActionContext {
  db: LinkpilotDb;
  now?: () => number;
  /** 0 when a person waits for the service's answer (a form that stays open for it): sent first. */
  priority?: 0 | 1;
  /**
   * Given, a priority-0 change that can go at once is queued already claimed, and this is told so
   * inside the transaction, as soon as the entry is added: the caller hands it to the worker
   * (`sendWhenAsked`), which sends it as it is. The worker's read of it is a later transaction
   * over the outbox, which IndexedDB runs only after this one has committed: it finds the entry
   * once it is on disk, or not at all, never before.
   */
  claimed?: (entry: Claimed) => void;
}

const nowOf = (ctx: ActionContext) => (ctx.now ?? Date.now)();

/**
 * Runs an action's writes in one transaction, over every table an action may touch: the outbox
 * looks up server ids across the mirror, and Dexie refuses tables outside the scope.
 */
async function change<T>(ctx: ActionContext, work: (now: number) => Promise<T>): Promise<T> {
  const now = nowOf(ctx);
  const { db } = ctx;
  // The scope must itself be an async function: Dexie keeps the transaction alive across native
  // awaits only for those (a plain arrow returning a promise commits too early).
  return db.transaction('rw', changeTables(db), async () => work(now));
}

/**
 * Queues a change and shows it in the mirror as its kind says (lib/sync/mirror.ts writes it, with
 * the record's sync state), in one transaction.
 */
async function queue(ctx: ActionContext, entry: NewChange): Promise<void> {
  await change(ctx, async (now) => {
    const table = kindOf(entry.kind).table;
    if (entry.op === 'delete' && table && !(await ctx.db.table(table).get(entry.key))) return;
    // What the mirror knows to be taken is refused here, at once and offline too, never queued to fail.
    await refuseTaken(ctx.db, entry, entry.key);
    // Queued before a deleted row goes, so the entry picks up the record's server id.
    // A native async function that may end without a request (a create has no base): awaited as a
    // Dexie promise, as `shows` below, or the transaction may commit before the entry is added.
    const base = await Dexie.Promise.resolve(baseFor(ctx.db, entry));
    const seq = await enqueue(ctx.db, { ...entry, ...base }, now, ctx.claimed !== undefined);
    if (seq !== null) ctx.claimed?.({ seq, key: entry.key });
    // What it shows is read through a native async function that may end without a request (a new
    // record's row). Awaited as a Dexie promise, the transaction is carried across it as across any
    // request; a bare await lost it when other databases were busy, and the action committed early.
    const writes = await Dexie.Promise.resolve(kindOf(entry.kind).shows(ctx.db, entry, entry.key, now));
    await writeMirror(ctx.db, writes);
  });
}

/** An update's or delete's base, from the row it is made over (lib/kinds/two-writers.ts). */
async function baseFor(db: LinkpilotDb, entry: NewChange): Promise<Pick<Queued, 'base'>> {
  const { table, twoWriters } = kindOf(entry.kind);
  if (!table || !twoWriters || (entry.op !== 'update' && entry.op !== 'delete')) return {};
  const row = await db.table(table).get(entry.key);
  const base = row && baseOf(twoWriters, entry, row);
  return base ? { base } : {};
}

type Asked<O extends string> = { [K in Kind]: O extends AskedOp<K> ? K : never }[Kind];
/** The kinds a person may make, edit and delete. */
export type Creatable = Asked<'create'>;
export type Updatable = Asked<'update'>;
export type Deletable = Asked<'delete'>;

/** One operation's description, as generic code sees it: the compiler cannot narrow a generic kind's. */
const askOf = (kind: Kind, op: 'create' | 'update' | 'delete') =>
  (kindOf(kind).asks as Partial<Record<string, Ask<Kind, never>>>)[op] as unknown as {
    offered?: Capability;
    change(asked: unknown, row: Row | undefined, now: number): { payload: unknown; key?: string };
    needless?(db: LinkpilotDb, asked: unknown): Promise<boolean>;
  };

/** The change as its kind makes it from what is asked, ready to queue. */
const asked = (kind: Kind, op: 'create' | 'update' | 'delete', made: object, key: string, priority?: 0 | 1) =>
  ({ kind, op, key, priority, ...made }) as NewChange;

/**
 * Queues a create of any kind, as its kind makes it from what is asked (its fields, checked with the
 * API's own schemas), under a new local key unless the kind names one; returns the key.
 */
export async function create<K extends Creatable>(
  ctx: ActionContext,
  kind: K,
  fields: Asks[K]['create'],
): Promise<string> {
  const ask = askOf(kind, 'create');
  if (ask.offered) await refuseAbsent(ctx.db, ask.offered);
  const { key = newLocalKey(), ...made } = ask.change(fields, undefined, nowOf(ctx));
  await queue(ctx, asked(kind, 'create', made, key, ctx.priority));
  return key;
}

/**
 * Several creates of one kind (links into a channel): one queued change each, as the single control
 * makes it, so the outbox sends them within the budget; those that would change nothing are left
 * out (each would cost a request). Returns how many were queued.
 */
export async function createEach<K extends Creatable>(
  ctx: ActionContext,
  kind: K,
  each: readonly Asks[K]['create'][],
): Promise<number> {
  const { needless } = askOf(kind, 'create');
  const todo: Asks[K]['create'][] = [];
  for (const fields of each) if (!(await needless?.(ctx.db, fields))) todo.push(fields);
  for (const fields of todo) await create(ctx, kind, fields);
  return todo.length;
}

/** Queues an edit of a record, as its kind makes it from what is asked and the row as mirrored. */
export async function update<K extends Updatable>(
  ctx: ActionContext,
  kind: K,
  key: string,
  fields: Asks[K]['update'],
): Promise<void> {
  const ask = askOf(kind, 'update');
  if (ask.offered) await refuseAbsent(ctx.db, ask.offered);
  const { table } = kindOf(kind);
  const row: Row | undefined = table ? await ctx.db.table(table).get(key) : undefined;
  await queue(ctx, asked(kind, 'update', ask.change(fields, row, nowOf(ctx)), key, ctx.priority));
}

/**
 * Deletes records here at once (a selection of a table, say), and on the service in the background:
 * one queued delete each, in one transaction. Records already gone here are left out.
 */
export async function remove<K extends Deletable>(ctx: ActionContext, kind: K, keys: readonly string[]): Promise<void> {
  const ask = askOf(kind, 'delete');
  if (ask.offered) await refuseAbsent(ctx.db, ask.offered);
  const { table } = kindOf(kind);
  if (!table) return;
  await change(ctx, async (now) => {
    for (const key of keys) {
      const row: Row | undefined = await ctx.db.table(table).get(key);
      if (row) await queue(ctx, asked(kind, 'delete', ask.change(null, row, now), key, ctx.priority));
    }
  });
}

/** Sends a refused change again as it is (after the cause was fixed elsewhere). */
export async function retryChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    if (entry?.state !== 'failed') return;
    await changeEntry(ctx.db, seq, { state: 'pending', error: null, attempts: 0, notBefore: now });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/** A discarded create takes its record along, so nothing is left pretending to be on the service. */
async function forgetCreate(db: LinkpilotDb, entry: OutboxEntry): Promise<void> {
  const table = kindOf(entry.kind).table;
  if (entry.op !== 'create' || !table) return;
  await endRecord(db, entry.key);
  await dropDependents(db, entry.key);
  await writeMirror(db, [
    { remove: table, key: entry.key },
    { each: 'channelItems', where: 'itemKey', equals: entry.key, fields: null },
  ]);
}

/** Gives up a queued change (not one on the wire) and what it wrote here. */
export async function discardChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async () => {
    const entry = await ctx.db.outbox.get(seq);
    if (!entry || entry.state === 'inflight') return;
    await endEntry(ctx.db, seq);
    const undo = kindOf(entry.kind).discard?.(entry) ?? null;
    await (undo ? writeMirror(ctx.db, undo) : forgetCreate(ctx.db, entry));
    await writeMirror(ctx.db, serviceValues(entry));
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/**
 * What the service holds of a record whose change is given up: the base it was made over, and what
 * the last read before sending found there (newer), laid over the row.
 */
function serviceValues(entry: OutboxEntry): MirrorWrite[] {
  const { table, twoWriters } = kindOf(entry.kind);
  if (!table || !twoWriters || entry.op !== 'update' || !entry.base) return [];
  return [{ patch: table, key: entry.key, fields: { ...rowFieldsOf(twoWriters, entry.base), ...entry.theirs } }];
}

/**
 * Settles a change held because it meets one made elsewhere (lib/sync/rebase.ts). "Mine": what the
 * service holds now becomes its base, so it is sent over it (a delete goes after all). "Theirs":
 * its conflicting fields are given up and the row shows the service's values (a delete is given
 * up, the record stays); the rest of the change, if any, is sent.
 */
export async function settleConflict(ctx: ActionContext, seq: number, keep: 'mine' | 'theirs'): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    const { table, twoWriters } = entry ? kindOf(entry.kind) : {};
    if (!entry?.conflict || !table || !twoWriters) return;
    const theirs = Object.fromEntries(entry.conflict.map((c) => [c.field, c.theirs]));
    const again: Partial<OutboxEntry> = {
      state: 'pending',
      error: null,
      attempts: 0,
      notBefore: now,
      conflict: undefined,
    };
    if (keep === 'mine') {
      await changeEntry(ctx.db, seq, { ...again, base: { ...entry.base, ...theirs } });
      if (entry.op === 'delete') await writeMirror(ctx.db, [{ remove: table, key: entry.key }]);
    } else {
      const left = Object.fromEntries(
        Object.entries(twoWriters.changes(entry)).filter(([field]) => !(field in theirs)),
      );
      const changesLeft = Object.keys(left).some((field) => !twoWriters.required?.includes(field));
      if (entry.op === 'delete' || !changesLeft) await endEntry(ctx.db, seq);
      // `again` last: a kind's withChanges hands back the whole entry, held state and conflict included.
      else await replaceEntry(ctx.db, { ...entry, ...twoWriters.withChanges(entry, left), ...again } as OutboxEntry);
      if (entry.op === 'update')
        await writeMirror(ctx.db, [{ patch: table, key: entry.key, fields: rowFieldsOf(twoWriters, theirs) }]);
    }
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/**
 * Changes what a queued create will send (typically after the service refused it), validated as a
 * new create, with the local record to match, and puts the entry back in the queue.
 */
export async function editQueuedCreate(ctx: ActionContext, seq: number, fields: Fields): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    // Once its id is known the create has reached the service: a correction would stay here.
    if (entry?.op !== 'create' || entry.state === 'inflight' || entry.ids[entry.key] !== undefined)
      throw new ApiError({
        kind: 'validation',
        message: words('syncProblem.beingSent'),
        retryable: false,
      });
    const edited = kindOf(entry.kind).edit?.(entry, fields);
    if (!edited)
      throw new ApiError({ kind: 'validation', message: words('syncProblem.notEditable'), retryable: false });
    await writeMirror(ctx.db, edited.writes);
    await refuseTaken(ctx.db, edited.change, entry.key);
    const queued: Queued = entry;
    await replaceEntry(ctx.db, {
      ...queued,
      ...edited.change,
      state: 'pending',
      error: null,
      attempts: 0,
      notBefore: now,
    });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}
