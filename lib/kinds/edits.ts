import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { LinkpilotDb, Mirrored, OutboxEntry } from '../db/schema';
import { words } from '../words';
import { type Capability, markAbsent, readCapability } from './capabilities';
import { syncStateOf } from './ids';
import type { SendContext, SyncTable } from './kind';

/**
 * Creates, updates and deletes beyond the seed's operations (links, QR codes, pixels): a service of the family
 * may not have their routes. The first answer that says so (lib/api/absent.ts) marks the operation
 * absent for this connection; that change and every later one of the same operation is then taken
 * back here, not retried and not left in the queue, and the record shows what the service has.
 */
export interface BeyondSeed {
  capability: Capability;
  /** The record's table. */
  table: SyncTable;
  /** Sends the request; 'settled' when it closed the entry itself (a create, lib/kinds/kind.ts). */
  request(): Promise<unknown>;
  /** Puts the record back as the service still has it (in the transaction that ends the entry). */
  undo(db: LinkpilotDb): Promise<unknown>;
}

/** What a person is told when the service does not offer an operation. */
export const absentWords = (capability: Capability): string => words(`capability.absent.${capability}`);

/**
 * Sends an update or a delete beyond the seed's operations. 'settled' when the service does not
 * offer it (the entry is ended and the change taken back), undefined when sent; throws any other
 * failure for the engine's policy (a refusal is an ordinary refused change).
 */
export async function sendBeyondSeed(
  ctx: SendContext,
  entry: OutboxEntry,
  how: BeyondSeed,
): Promise<'settled' | undefined> {
  if ((await readCapability(ctx.db, how.capability)) !== 'absent') {
    try {
      return (await how.request()) === 'settled' ? 'settled' : undefined;
    } catch (error) {
      if (!isAbsentRoute(error)) throw error;
      await markAbsent(ctx.db, how.capability);
    }
  }
  const { db } = ctx;
  const { table } = how;
  await db.transaction('rw', [db.table(table), db.outbox, db.meta], async () => {
    await db.outbox.delete(entry.seq!);
    await how.undo(db);
    const row = await db.table(table).get(entry.key);
    if (row) await db.table(table).update(entry.key, { sync: await syncStateOf(db, entry.key) });
  });
  return 'settled';
}

/** Refused before anything is queued: the service is known not to offer this operation. */
export async function refuseAbsent(db: LinkpilotDb, capability: Capability): Promise<void> {
  if ((await readCapability(db, capability)) === 'absent')
    throw new ApiError({ kind: 'validation', message: absentWords(capability), retryable: false });
}

/** A delete's request: a 404 of a route the service has (the record is gone) is done, as for any delete. */
export async function removed(request: Promise<unknown>): Promise<void> {
  await request.catch((error: unknown) => {
    if (isAbsentRoute(error) || !(error instanceof ApiError && error.kind === 'not-found')) throw error;
  });
}

/** Puts a deleted row back unless the mirror has it again (a pull, a create's answer). */
export async function putBack<R extends Mirrored>(db: LinkpilotDb, table: SyncTable, row: R): Promise<void> {
  if (!(await db.table(table).get(row.key))) await db.table(table).put(row);
}

/** A change of a record whose edit is queued with what the row showed before (QR codes, pixels). */
type EditedChange<C, E, W> =
  | { op: 'create'; payload: C }
  | { op: 'update'; payload: { input: E; was: W } }
  | { op: 'delete'; payload: unknown };

/**
 * An edit folded into a queued change of its record: into a create that cannot have been made yet,
 * or into an edit, which keeps what the row showed before the first. Null when it goes on its own
 * (after a delete, or a create that may have been made already: its look-up searches for what was
 * first sent).
 */
export function foldEdit<C extends object, E extends object, W>(
  queued: EditedChange<C, E, W>,
  edit: E,
  sent: boolean,
): { op: 'create'; payload: C } | { op: 'update'; payload: { input: E; was: W } } | null {
  if (queued.op === 'create' && !sent) return { op: 'create', payload: { ...queued.payload, ...edit } };
  if (queued.op === 'update')
    return { op: 'update', payload: { input: { ...queued.payload.input, ...edit }, was: queued.payload.was } };
  return null;
}
