import type { EntityTable } from 'dexie';
import { isAbsentRoute } from '../api/absent';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Change, Kind, LinkpilotDb, Mirrored, OutboxEntry, Queued } from '../db/schema';
import { type MessageKey, words } from '../words';
import { recordServerId } from './ids';
import type { Listing } from './listing';
import { type MirrorWrite, type WrittenTable, writeMirror } from './mirror';
import type { Row, SyncTable } from './table';

export interface SendContext {
  db: LinkpilotDb;
  api: ApiClient;
  /** The engine's clock (a test's virtual one). */
  now: () => number;
  /**
   * Told what the service answered to a new create (its id and what the answer adds to the row),
   * before that is written: a person waiting for it sees it then.
   */
  answered?(key: string, fields: Row): void;
}

export type Fields = Record<string, string | undefined>;

export interface EditableField {
  name: string;
  label: MessageKey;
  value: string;
}

/**
 * Everything the sync core knows about one kind of record; execute, pull, queued edits and the
 * sync centre are generic code over these. Adding a kind is one module and one line in the registry.
 */
export interface KindSpec<K extends Kind> {
  /** Where the sync state of this kind's changes shows. */
  table: SyncTable | null;
  /** Tables its changes write besides `table` (the account's own row, which shows no sync state). */
  writes?: readonly Extract<WrittenTable, 'account'>[];
  /**
   * What the mirror shows as soon as the change is queued, described for lib/kinds/mirror.ts (read
   * in the action's transaction, which writes it); throws a refusal a person understands.
   */
  shows(db: LinkpilotDb, change: Change<K>, key: string, now: number): Promise<MirrorWrite[]>;
  /**
   * Sends one entry and has the answer written into the mirror (lib/kinds/mirror.ts); throws
   * ApiError. 'settled' when it closed the entry itself, in the transaction of its last write; else
   * the engine closes it.
   */
  send(ctx: SendContext, entry: OutboxEntry<K>): Promise<'settled' | undefined>;
  /**
   * A later change folded into a queued one of the same record; null when both must be sent.
   * `sent`: the queued change may have reached the service already (an answer was lost).
   */
  fold?(queued: Change, later: Change<K>, sent: boolean): Change<K> | null;
  describe(change: Change<K>): string;
  /** The fields of a queued create a person can still correct (after a refusal, say). */
  editable?(change: Change<K>): EditableField[];
  /** The create with corrected fields, validated, and what its row shows to match; null when not a create. */
  edit?(entry: OutboxEntry<K>, fields: Fields): { change: Change<K>; writes: MirrorWrite[] } | null;
  /**
   * What undoes a discarded change here; null (and by default) when it is a create, which takes its
   * record along.
   */
  discard?(entry: OutboxEntry<K>): MirrorWrite[] | null;
  /** How its queued updates and deletes meet changes made elsewhere (lib/sync/rebase.ts). */
  twoWriters?: TwoWriters<K>;
}

/**
 * What the three-way merge of a queued change needs to know of a kind. Fields are named as the
 * update's input names them; only those the service lets us read back can be compared.
 */
export interface TwoWriters<K extends Kind> {
  /** Update input field → the row field that shows it. */
  fields: Readonly<Record<string, string>>;
  /** Fields every update carries, changed or not (a link's url, a campaign's name). */
  required?: readonly string[];
  /** The fields an update sends. */
  changes(change: Change<K>): Record<string, unknown>;
  /** The same update, sending `changes` instead. */
  withChanges(change: Change<K>, changes: Record<string, unknown>): Change<K>;
  /**
   * The record as the service holds it now, as a mirror row (`existing` lends it the row's own
   * fields); null when it is gone.
   */
  read(api: ApiClient, id: number, existing: Row | undefined, at: number): Promise<Row | null>;
}

/** A kind mirrored one row per record: listed by the pull, made by a create, looked up after an ambiguous one. */
export interface RecordKind<K extends Kind, R extends Mirrored, I extends { id: number }> extends KindSpec<K> {
  listing: Listing<R, I>;
}

/** How a create reaches the service, and how one whose outcome is unknown is settled. */
export interface Creation<P, I, X extends object = object> {
  /** The new id, and what the answer adds to the row. */
  make(ctx: SendContext, payload: P, ids: Record<string, number>): Promise<Found<I, X>>;
  /** The record this create made, if the service has it and it is not mirrored here. */
  find(ctx: SendContext, payload: P): Promise<Found<I, X> | null>;
  /**
   * A record made by an earlier send may lack edits folded into the create since: `listed` is it as
   * found, null when unknown (its id was recorded before the worker stopped).
   */
  complete?(ctx: SendContext, key: string, id: number, payload: P, listed: I | null): Promise<void>;
  /**
   * What the row lacks that only the service can say (a link's short URL, when an answer leaves it
   * out): asked for by id, never by making the record again. Null when the row has it all.
   */
  lacking?(row: Row): ((api: ApiClient, id: number) => Promise<Row>) | null;
  /** What follows in the mirror from the row as made (its words, its channel items), written with it. */
  follow?: { tables: SyncTable[]; of(row: Row, id: number): { row: Row; writes: MirrorWrite[] } };
}

export interface Found<I, X extends object = object> {
  id: number;
  extra?: X;
  listed?: I | null;
}

/**
 * Sends a create, or settles one that may already have happened. Refused as taken (alias, slug,
 * domain), it is most likely our own earlier send, finished after the look-up: look once more.
 * It closes its entry itself: when the answer says it all (the usual case), the id, the row as
 * made, what follows from it and the entry's end are one transaction, the only write after the request.
 */
export async function sendCreate<P, I, X extends object>(
  ctx: SendContext,
  entry: Queued & { payload: P; seq?: number },
  table: SyncTable,
  how: Creation<P, I, X>,
): Promise<'settled'> {
  const { db } = ctx;
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
        if (!open) await db.outbox.delete(entry.seq!);
        return open ? undefined : null;
      }
      const ask = how.lacking?.({ ...before, ...fields }) ?? null;
      if (open || ask) {
        await writeMirror(db, [{ patch: table, key: entry.key, fields }]);
        return ask ?? undefined;
      }
      const made = how.follow?.of({ ...before, ...fields }, id) ?? { row: { ...before, ...fields }, writes: [] };
      // The entry ends first: the row then shows the sync state of the changes still queued for it.
      await db.outbox.delete(entry.seq!);
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
    await how.complete?.(ctx, entry.key, made, entry.payload, null);
    return finish(made);
  }
  const adopt = async (found: Found<I, X> | null): Promise<'settled'> => {
    const { id, extra, listed } = found ?? (await how.make(ctx, entry.payload, entry.ids));
    if (!found) ctx.answered?.(entry.key, { id, ...extra });
    // A found record may be the first send, made before edits were folded into this create.
    const completing = found !== null && how.complete !== undefined;
    // The id is kept before anything else is asked: a failure after this must not make it again.
    // From now on the service has it: a walk that began before this may not have seen it, and must
    // not take it for deleted elsewhere (see lib/refresh/lists.ts).
    const left = await write(id, { id, pulledAt: ctx.now(), ...extra }, { isNew: true, open: completing });
    if (left === null) return 'settled';
    if (completing) await how.complete!(ctx, entry.key, id, entry.payload, listed ?? null);
    return finish(id);
  };
  const found = entry.ambiguous ? await how.find(ctx, entry.payload) : null;
  try {
    return await adopt(found);
  } catch (error) {
    if (found || !(error instanceof ApiError) || error.kind !== 'validation') throw error;
    const again = await how.find(ctx, entry.payload).catch((lookupError: unknown) => {
      // A look-up that may work later is worth waiting for; one that cannot leaves the refusal.
      throw lookupError instanceof ApiError && lookupError.retryable ? lookupError : error;
    });
    if (!again) throw error;
    return adopt(again);
  }
}

/**
 * The first listed record that fits a create and is not mirrored here (another record with the
 * same name, say). Pulls keep look-alikes of an unsettled create out of the mirror, so "not
 * mirrored here" stays meaningful.
 */
export async function findListed<R extends Mirrored, I extends { id: number }>(
  ctx: SendContext,
  listing: Listing<R, I>,
  fits: (record: I) => boolean,
): Promise<I | null> {
  const rows = listing.rows(ctx.db);
  for await (const page of ctx.api.walkPages((page, limit) => listing.list(ctx.api, { page, limit })))
    for (const record of page.items)
      if (fits(record) && (await rows.where('id').equals(record.id).count()) === 0) return record;
  return null;
}

/** The fields of `fields` that `record` does not show; null when it shows them all. */
export function unsent<T extends Record<string, unknown>>(record: object, fields: T): Partial<T> | null {
  const shown: Record<string, unknown> = { ...record };
  const out: Partial<T> = {};
  let differs = false;
  for (const name in fields)
    if (fields[name] !== undefined && shown[name] !== fields[name]) {
      out[name] = fields[name];
      differs = true;
    }
  return differs ? out : null;
}

/** A record's read answered "not found" from a route the service has: it is gone. */
export function goneAsNull(error: unknown): null {
  if (error instanceof ApiError && error.kind === 'not-found' && !isAbsentRoute(error)) return null;
  throw error;
}

/**
 * A record read back through its list, for kinds the service offers no read of one record for:
 * page by page until it shows, as a mirror row; null when no page has it (deleted).
 */
export async function readListed<R extends Mirrored, I extends { id: number }>(
  api: ApiClient,
  listing: Listing<R, I>,
  id: number,
  existing: Row | undefined,
  at: number,
): Promise<Row | null> {
  for await (const page of api.walkPages((page, limit) => listing.list(api, { page, limit })))
    for (const item of page.items)
      if (item.id === id) return listing.fromServer(item, existing as R | undefined, at) as unknown as Row;
  return null;
}

/** A delete that finds the record gone (deleted elsewhere, or by our earlier send whose answer was lost) is done. */
export async function deleted(request: Promise<unknown>): Promise<void> {
  await request.catch((error: unknown) => {
    if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
  });
}

/** The row a change needs, or a refusal a person understands (`gone`: that it no longer exists here). */
export async function existing<R extends Mirrored>(table: EntityTable<R, 'key'>, key: string, gone: MessageKey) {
  const row = await table.where('key').equals(key).first();
  if (!row) throw new ApiError({ kind: 'not-found', message: words(gone), retryable: false });
  return row;
}

/** The fields `labels` names (name → label), with their values in `payload`. */
export function labelled(labels: Record<string, MessageKey>, payload: object | null): EditableField[] {
  const values: Record<string, unknown> = { ...payload };
  return Object.entries(labels).map(([name, label]) => ({ name, label, value: String(values[name] ?? '') }));
}

/** A description that shows the record's name (the person's own text, cut short) when it has one. */
export function describing(bare: MessageKey, named: MessageKey, name: string | undefined): string {
  return name ? words(named, { name: name.slice(0, 80) }) : words(bare);
}
