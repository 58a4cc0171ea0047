import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { LinkpilotDb, Queued } from '../db/schema';
import { type Capability, markAbsent, readCapability } from '../kinds/capabilities';
import { absentWords, type Edit, type Removal } from '../kinds/edits';
import type { BoundCreation, SendContext } from '../kinds/kind';
import type { MirrorWrite, WrittenTable } from '../kinds/mirror-write';
import { sendCreate } from './create';
import { writeMirror } from './mirror';
import { endEntry, endRecord } from './outbox';

/**
 * Sends the changes beyond the seed's operations (lib/kinds/edits.ts): a service of the family may
 * not have their routes, and the first answer that says so takes the change back.
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

/**
 * Sends a create, an update or a delete beyond the seed's operations. 'settled' when the request
 * ended its entry itself (a create) or the service does not offer it (the entry is ended and the
 * change taken back), undefined when sent; throws any other failure for the engine's policy (a
 * refusal is an ordinary refused change).
 */
async function sendBeyondSeed(ctx: SendContext, entry: Queued, how: BeyondSeed): Promise<'settled' | undefined> {
  if ((await (ctx.offered?.(how.capability) ?? readCapability(ctx.db, how.capability))) !== 'absent') {
    try {
      return (await how.request()) === 'settled' ? 'settled' : undefined;
    } catch (error) {
      if (!isAbsentRoute(error)) throw error;
      await markAbsent(ctx.db, how.capability);
    }
  }
  const { db } = ctx;
  await db.transaction('rw', [db.table(how.table), db.outbox, db.meta], async () => {
    await (how.endsRecord ? endRecord(db, entry.key) : endEntry(db, entry.seq!));
    await writeMirror(db, how.undo);
  });
  return 'settled';
}

/**
 * Sends a create through the generic create (lib/sync/create.ts). Not offered, the record goes, and
 * with it every later change of it (an edit queued on its own after an ambiguous try): none could
 * ever be sent.
 */
export function sendAddition(
  ctx: SendContext,
  entry: Queued,
  capability: Capability,
  how: BoundCreation,
): Promise<'settled' | undefined> {
  return sendBeyondSeed(ctx, entry, {
    capability,
    table: how.table,
    request: () => sendCreate(ctx, entry, how),
    undo: [{ remove: how.table, key: entry.key }],
    endsRecord: true,
  });
}

/**
 * Sends an edit. It is the same whole request each time: one whose answer was lost is sent again as
 * it is. Not offered, the row shows again what it showed before the first edit folded into it.
 */
export function sendEdit(ctx: SendContext, entry: Queued, how: Edit): Promise<'settled' | undefined> {
  return sendBeyondSeed(ctx, entry, {
    capability: how.capability,
    table: how.table,
    async request() {
      await writeMirror(ctx.db, await how.request(ctx.api, entry.ids[entry.key]!));
    },
    undo: [{ patch: how.table, key: entry.key, fields: { ...how.was } }],
  });
}

/**
 * Sends a delete. One whose answer was lost is confirmed by the record's absence (the 404 of a
 * second one, from a route the service has). Refused for good, or not offered, the record comes back.
 */
export function sendRemoval(ctx: SendContext, entry: Queued, how: Removal) {
  // As the service holds it now when a read before sending says so (lib/sync/rebase.ts), else as it was.
  const back: MirrorWrite[] = [{ restore: how.table, row: { ...how.row, ...entry.theirs } }];
  return sendBeyondSeed(ctx, entry, {
    capability: how.capability,
    table: how.table,
    async request() {
      await removed(how.request(ctx.api, entry.ids[entry.key]!)).catch(async (error: unknown) => {
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
