import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { FieldConflict, OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';
import type { SendContext } from '../kinds/kind';
import type { MirrorWrite } from '../kinds/mirror-write';
import type { Row } from '../kinds/table';
import { deleteConflicts, fieldsView, mergeUpdate, rowFieldsOf } from '../kinds/two-writers';
import { words } from '../words';
import { writeMirror } from './mirror';
import { changeEntry, endEntry, refreshSyncState, replaceEntry } from './outbox';

/**
 * Rebases a queued update or delete on what the service holds now, before it is sent: the record is
 * read once and merged three ways (lib/kinds/two-writers.ts). Every time: the API has no version to
 * tell that the service still holds the base, and every shortcut measured lost updates (a row
 * confirmed within the last minute, an edit sent within a second of being made: 3 to 6 in 40
 * rounds of bench:conflicts), because another writer can act at any moment before the send. Returns the entry to send (its changes cut to
 * what still changes something), or 'settled' when nothing is to be sent: the record is gone, the
 * service already holds every change, or a conflict now waits for the person.
 *
 * Between the read and the write another writer may still change the record: the API has no
 * version or condition to send with a write, so that window (one request long) stays open. It is
 * kept that short: a write that would first have to wait for the rate-limit budget is not sent after
 * its read (SendContext.writeAtOnce); the change waits, and is read again when it goes. The entry as
 * rebased is kept (`kept`) while its write is on the wire, not before it goes; its answer is handled
 * once it is kept.
 */
export async function rebased(ctx: SendContext, entry: OutboxEntry): Promise<Rebased | 'settled'> {
  const kind = kindOf(entry.kind);
  const how = kind.twoWriters;
  const id = entry.ids[entry.key];
  if (!how || !kind.table || !entry.base || id === undefined || (entry.op !== 'update' && entry.op !== 'delete'))
    return asIs(entry);
  const { db } = ctx;
  const table = db.table(kind.table);
  const now = ctx.now();
  const changes = entry.op === 'update' ? how.changes(entry) : {};
  const row = (await table.get(entry.key)) as Row | undefined;
  ctx.readToWrite?.();
  const server = await how
    .read(ctx.api, id, row ?? { ...entryRow(entry), key: entry.key }, now)
    .catch((error: unknown) => {
      // A service of the family without this read: the change goes as set here, and its own
      // request finds out whether the operation is offered at all (lib/sync/beyond-seed.ts).
      if (isAbsentRoute(error)) return undefined;
      throw error;
    });
  if (server === undefined) return asIs(entry);
  if (!server) {
    // Deleted elsewhere: a delete is done, an edit has nothing left to change (and never brings it back).
    if (entry.op === 'delete') return asIs(entry);
    await forgetDeletedElsewhere(ctx, entry);
    return 'settled';
  }
  const theirs = fieldsView(how, server);
  const theirsRow = rowFieldsOf(how, theirs);
  if (entry.op === 'delete') {
    const conflicts = deleteConflicts(entry.base, theirs, entry.ours);
    // A refusal puts the record back as the service holds it now (lib/sync/beyond-seed.ts).
    if (conflicts.length === 0) return asIs({ ...entry, theirs: theirsRow });
    // Changed elsewhere since it was deleted here: it is shown again, as the service has it, to be asked.
    await hold(ctx, entry, conflicts, theirsRow, [{ restore: kind.table, row: { ...server, key: entry.key } }]);
    return 'settled';
  }
  const merged = mergeUpdate(changes, entry.base, theirs, how.required);
  // What moved only elsewhere shows at once; the person's own changes stay laid over it.
  const elsewhere = rowFieldsOf(
    how,
    Object.fromEntries(Object.entries(theirs).filter(([f]) => !(f in changes) || !(f in entry.base!))),
  );
  const shown: MirrorWrite = { patch: kind.table, key: entry.key, fields: { ...elsewhere, pulledAt: now } };
  if (merged.send === null) {
    await hold(ctx, entry, merged.conflicts, theirsRow, [shown]);
    return 'settled';
  }
  if (!merged.changesAnything) {
    await close(ctx, entry, [shown]);
    return 'settled';
  }
  const next = { ...entry, ...how.withChanges(entry, merged.send), theirs: theirsRow } as OutboxEntry;
  // Kept as it is sent. Begun before the write is asked for, it is committed before any transaction
  // of the write's answer: IndexedDB runs transactions of the same tables in the order they begin.
  const kept = db.transaction('rw', [table, db.outbox], async () => {
    await replaceEntry(db, next);
    await writeMirror(db, [shown]);
  });
  return { ready: next, kept };
}

/** The entry to send, read and merged or as it was, and the promise that it is kept as sent. */
export interface Rebased {
  ready: OutboxEntry;
  kept: Promise<void>;
}

/** An entry sent as it is stored (nothing to keep first). */
const asIs = (ready: OutboxEntry): Rebased => ({ ready, kept: Promise.resolve() });

/** An edit of a record deleted elsewhere: it ends, and the record leaves the mirror as it left the service. */
export async function forgetDeletedElsewhere(ctx: SendContext, entry: OutboxEntry): Promise<void> {
  const table = kindOf(entry.kind).table!;
  await close(ctx, entry, [
    { remove: table, key: entry.key },
    { each: 'channelItems', where: 'itemKey', equals: entry.key, fields: null },
  ]);
}

/** A delete's snapshot, for kinds that keep one: what a restored row starts from. */
function entryRow(entry: OutboxEntry): Row {
  const payload = entry.payload as { row?: Row } | null;
  return { ...payload?.row };
}

/** Ends the entry with these writes, in one transaction. */
async function close(ctx: SendContext, entry: OutboxEntry, writes: MirrorWrite[]): Promise<void> {
  const { db } = ctx;
  const table = kindOf(entry.kind).table!;
  await db.transaction('rw', [db.table(table), db.channelItems, db.outbox], async () => {
    await endEntry(db, entry.seq!);
    await writeMirror(db, writes);
    await refreshSyncState(db, entry.kind, entry.key);
  });
}

/** Holds the entry for the person to settle (refused in the sync centre's terms: it blocks the record's later changes). */
async function hold(
  ctx: SendContext,
  entry: OutboxEntry,
  conflict: FieldConflict[],
  theirs: Row,
  writes: MirrorWrite[],
): Promise<void> {
  const { db } = ctx;
  const table = kindOf(entry.kind).table!;
  const changes: Partial<Queued> = {
    state: 'failed',
    conflict,
    theirs,
    error: new ApiError({ kind: 'validation', message: words('conflict.held'), retryable: false }).toJSON(),
  };
  await db.transaction('rw', [db.table(table), db.outbox], async () => {
    await changeEntry(db, entry.seq!, changes);
    await writeMirror(db, writes);
    await refreshSyncState(db, entry.kind, entry.key);
  });
}
