import { ApiError } from '../api/errors';
import type { Queued } from '../db/schema';
import type { BoundCreation, Found, SendContext } from '../kinds/kind';
import type { Row } from '../kinds/table';
import { writeMirror } from './mirror';
import { endEntry, recordServerId } from './outbox';

/**
 * Sends a create, or settles one that may already have happened. Refused as taken (alias, slug,
 * domain), it is most likely our own earlier send, finished after the look-up: look once more.
 * It closes its entry itself: when the answer says it all (the usual case), the id, the row as
 * made, what follows from it and the entry's end are one transaction, the only write after the request.
 */
export async function sendCreate(ctx: SendContext, entry: Queued, how: BoundCreation): Promise<'settled'> {
  const { db } = ctx;
  const { table } = how;
  const tables = [db.table(table), db.outbox, ...(how.follow?.tables ?? []).map((t) => db.table(t))];
  /**
   * Writes `fields` into the row (and, when `isNew`, the id into every entry waiting for it). Unless
   * `open` or the row still lacks something, what follows is written with it and the entry closed.
   * Returns how to ask for what the row lacks, null once closed, undefined while left open.
   */
  const write = (id: number, fields: Row, { isNew, open }: { isNew: boolean; open: boolean }) =>
    db.transaction('rw', tables, async () => {
      if (isNew) {
        await recordServerId(db, entry.key, id);
        // A page that listed this very record before its answer came may have mirrored it as a row of
        // its own (when the page's merge did not see the create on the wire): the answer says it is
        // ours, so that row goes. Never two rows of one id, whatever the order of page and answer:
        // a second row of our own record is what could be flagged as a copy of ours.
        await writeMirror(db, [
          { each: table, where: 'id', equals: id, fields: null, only: (row) => row.key !== entry.key },
        ]);
      }
      const before = (await db.table(table).get(entry.key)) as Row | undefined;
      // Deleted here while its create was on the wire: the delete is queued behind it.
      if (!before) {
        if (!open) await endEntry(db, entry.seq!);
        return open ? undefined : null;
      }
      const ask = how.lacking?.({ ...before, ...fields }) ?? null;
      if (open || ask) {
        await writeMirror(db, [{ patch: table, key: entry.key, fields }]);
        return ask ?? undefined;
      }
      const made = how.follow?.of({ ...before, ...fields }, id) ?? { row: { ...before, ...fields }, writes: [] };
      // The entry ends first: the row then shows the sync state of the changes still queued for it.
      await endEntry(db, entry.seq!);
      await writeMirror(db, [...made.writes, { put: table, row: made.row }]);
      return null;
    });
  /** After a record was completed (or recovered): asks for what it lacks, then closes as `write` does. */
  const finish = async (id: number): Promise<'settled'> => {
    const ask = await write(id, {}, { isNew: false, open: true });
    await write(id, ask ? await ask(ctx.api, id) : {}, { isNew: false, open: false });
    return 'settled';
  };

  // The id reaches the entry in the transaction that records it on the row: a worker stopped after
  // that has made the record, and a look-up would pass it over as "already mirrored" and make it again.
  const made = entry.ids[entry.key];
  if (made !== undefined) {
    if (how.complete) await writeMirror(db, await how.complete(ctx, entry.key, made, null));
    return finish(made);
  }
  const adopt = async (found: Found<unknown, object> | null): Promise<'settled'> => {
    const { id, extra, listed } = found ?? (await how.make(ctx, entry.ids));
    if (!found) ctx.answered?.(entry.key, { id, ...extra });
    // A found record may be the first send, made before edits were folded into this create.
    const completing = found !== null && how.complete !== undefined;
    // The id is kept before anything else is asked: a failure after this must not make it again.
    // From now on the service has it: a walk that began before this may not have seen it, and must
    // not take it for deleted elsewhere (see lib/refresh/lists.ts).
    const left = await write(id, { id, pulledAt: ctx.now(), ...extra }, { isNew: true, open: completing });
    if (left === null) return 'settled';
    if (completing) await writeMirror(db, await how.complete!(ctx, entry.key, id, listed ?? null));
    return finish(id);
  };
  const found = entry.ambiguous ? await how.find(ctx) : null;
  try {
    return await adopt(found);
  } catch (error) {
    if (found || !(error instanceof ApiError) || error.kind !== 'validation') throw error;
    const again = await how.find(ctx).catch((lookupError: unknown) => {
      // A look-up that may work later is worth waiting for; one that cannot leaves the refusal.
      throw lookupError instanceof ApiError && lookupError.retryable ? lookupError : error;
    });
    if (!again) throw error;
    return adopt(again);
  }
}
