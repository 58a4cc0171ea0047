import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { LinkpilotDb, Queued } from '../db/schema';
import { words } from '../words';
import { type Capability, markAbsent, readCapability } from './capabilities';
import { type Creation, type SendContext, sendCreate } from './kind';
import { type MirrorWrite, type WrittenTable, writeMirror } from './mirror';
import type { SyncTable } from './table';

/**
 * Creates, updates and deletes beyond the seed's operations (links, QR codes, pixels): a service of the family
 * may not have their routes. The first answer that says so (lib/api/absent.ts) marks the operation
 * absent for this connection; that change and every later one of the same operation is then taken
 * back here, not retried and not left in the queue, and the record shows what the service has.
 */
interface BeyondSeed {
  capability: Capability;
  /** The record's table. */
  table: WrittenTable;
  /** Sends the request, and has what its answer says written; 'settled' when it closed the entry itself. */
  request(): Promise<unknown>;
  /** What puts the record back as the service still has it (written in the transaction that ends the entry). */
  undo: MirrorWrite[];
  /** Not offered, the change takes its record's later ones along (a create's: none could be sent). */
  endsRecord?: true;
}

/** What a person is told when the service does not offer an operation. */
export const absentWords = (capability: Capability): string => words(`capability.absent.${capability}`);

/**
 * Sends a create, an update or a delete beyond the seed's operations. 'settled' when the request
 * ended its entry itself (a create) or the service does not offer it (the entry is ended and the
 * change taken back), undefined when sent; throws any other failure for the engine's policy (a
 * refusal is an ordinary refused change).
 */
async function sendBeyondSeed(ctx: SendContext, entry: Queued, how: BeyondSeed): Promise<'settled' | undefined> {
  if ((await readCapability(ctx.db, how.capability)) !== 'absent') {
    try {
      return (await how.request()) === 'settled' ? 'settled' : undefined;
    } catch (error) {
      if (!isAbsentRoute(error)) throw error;
      await markAbsent(ctx.db, how.capability);
    }
  }
  const { db } = ctx;
  await db.transaction('rw', [db.table(how.table), db.outbox, db.meta], async () => {
    await (how.endsRecord ? db.outbox.where('key').equals(entry.key).delete() : db.outbox.delete(entry.seq!));
    await writeMirror(db, how.undo);
  });
  return 'settled';
}

/** A create beyond the seed's operations, as its kind sends it. */
export interface Addition<P, I, X extends object> {
  capability: Capability;
  table: SyncTable;
  creation: Creation<P, I, X>;
}

/**
 * Sends a create through the generic create (lib/kinds/kind.ts). Not offered, the record goes, and
 * with it every later change of it (an edit queued on its own after an ambiguous try): none could
 * ever be sent.
 */
export function sendAddition<P, I, X extends object>(
  ctx: SendContext,
  entry: Queued & { payload: P },
  how: Addition<P, I, X>,
): Promise<'settled' | undefined> {
  return sendBeyondSeed(ctx, entry, {
    capability: how.capability,
    table: how.table,
    request: () => sendCreate(ctx, entry, how.table, how.creation),
    undo: [{ remove: how.table, key: entry.key }],
    endsRecord: true,
  });
}

/** An update beyond the seed's operations, as its kind sends it. */
export interface Edit<I> {
  capability: Capability;
  table: SyncTable;
  /** Sends it; returns what the answer corrects in the row (a link's short URL), if anything. */
  request(id: number, input: I): Promise<MirrorWrite[]>;
}

/**
 * Sends an edit. It is the same whole request each time: one whose answer was lost is sent again as
 * it is. Not offered, the row shows again what it showed before the first edit folded into it.
 */
export function sendEdit<I>(
  ctx: SendContext,
  entry: Queued & { payload: { input: I; was: object } },
  how: Edit<I>,
): Promise<'settled' | undefined> {
  const { input, was } = entry.payload;
  return sendBeyondSeed(ctx, entry, {
    capability: how.capability,
    table: how.table,
    async request() {
      await writeMirror(ctx.db, await how.request(entry.ids[entry.key]!, input));
    },
    undo: [{ patch: how.table, key: entry.key, fields: { ...was } }],
  });
}

/** A delete beyond the seed's operations, as its kind sends it. */
export interface Removal {
  capability: Capability;
  table: WrittenTable;
  request(): Promise<unknown>;
  /** What goes with the record once the service has deleted it (its statistics, its channel items). */
  gone: MirrorWrite[];
}

/**
 * Sends a delete. One whose answer was lost is confirmed by the record's absence (the 404 of a
 * second one, from a route the service has). Refused for good, or not offered, the record comes back.
 */
export function sendRemoval(ctx: SendContext, entry: Queued & { payload: { row: object } }, how: Removal) {
  // As the service holds it now when a read before sending says so (lib/sync/rebase.ts), else as it was.
  const back: MirrorWrite[] = [{ restore: how.table, row: { ...entry.payload.row, ...entry.theirs } }];
  return sendBeyondSeed(ctx, entry, {
    capability: how.capability,
    table: how.table,
    async request() {
      await removed(how.request()).catch(async (error: unknown) => {
        if (error instanceof ApiError && !error.retryable && !isAbsentRoute(error)) await writeMirror(ctx.db, back);
        throw error;
      });
      await writeMirror(ctx.db, how.gone);
    },
    undo: back,
  });
}

/** Refused before anything is queued: the service is known not to offer this operation. */
export async function refuseAbsent(db: LinkpilotDb, capability: Capability): Promise<void> {
  if ((await readCapability(db, capability)) === 'absent')
    throw new ApiError({ kind: 'validation', message: absentWords(capability), retryable: false });
}

/** A delete's request: a 404 of a route the service has (the record is gone) is done, as for any delete. */
async function removed(request: Promise<unknown>): Promise<void> {
  await request.catch((error: unknown) => {
    if (isAbsentRoute(error) || !(error instanceof ApiError && error.kind === 'not-found')) throw error;
  });
}

/** What undoes a queued edit or delete of a record beyond the seed's operations, on discard. */
export function undone(
  table: SyncTable,
  entry: { key: string } & ({ op: 'update'; payload: { was: object } } | { op: 'delete'; payload: { row: object } }),
): MirrorWrite[] {
  return entry.op === 'update'
    ? [{ patch: table, key: entry.key, fields: { ...entry.payload.was } }]
    : [{ restore: table, row: entry.payload.row }];
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
