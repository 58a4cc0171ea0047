import type { EntityTable } from 'dexie';
import { isAbsentRoute } from '../api/absent';
import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Asks, Change, Changes, Kind, LinkpilotDb, Mirrored, OutboxEntry } from '../db/schema';
import { type MessageKey, words } from '../words';
import type { Capability, Offered } from './capabilities';
import type { Edit, Removal } from './edits';
import type { Listing } from './listing';
import type { MirrorWrite, WrittenTable } from './mirror-write';
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
  /**
   * Said after a read of the record before sending (lib/sync/rebase.ts): the next request, its write,
   * is not sent if it would have to wait for the rate-limit budget, and throws the engine's wait
   * instead (its look at the budget and its count are one step). A write that waited would go over
   * whatever another writer did meanwhile; the change waits instead, and is read again.
   */
  writeAtOnce?(): void;
  /**
   * Said before that read: it goes only once the window has room for its write too. A read that takes
   * the window's last request leaves its write to wait, and to be read again: a request spent for nothing.
   */
  readToWrite?(): void;
  /**
   * The service's offer of an operation as read for this send before the record was
   * (lib/sync/send.ts), or null for another operation: nothing between that read and the write
   * waits on IndexedDB.
   */
  offered?(capability: Capability): Promise<Offered> | null;
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
  /** What a person may ask of it, by operation: the change lib/sync/actions.ts queues for it. */
  asks: Asking<K>;
  /** Tables its changes write besides `table` (the account's own row, which shows no sync state). */
  writes?: readonly Extract<WrittenTable, 'account'>[];
  /**
   * What the mirror shows as soon as the change is queued, described for lib/sync/mirror.ts (read
   * in the action's transaction, which writes it); throws a refusal a person understands.
   */
  shows(db: LinkpilotDb, change: Change<K>, key: string, now: number): Promise<MirrorWrite[]>;
  /** How one entry reaches the service and what its answer does to the mirror; lib/sync/send.ts sends it. */
  sending(entry: OutboxEntry<K>): Sending;
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
  /** What its creates and updates ask for that must be unique (lib/sync/taken.ts refuses what is taken). */
  unique?: readonly Unique[];
}

/** The operations a person may ask of a kind. */
export type AskedOp<K extends Kind> = keyof Asks[K] & keyof Changes[K];

export type Asking<K extends Kind> = { [O in AskedOp<K>]: Ask<K, O> };

/** How one operation a person asks for becomes the change queued. */
export interface Ask<K extends Kind, O extends AskedOp<K>> {
  /** The route the service must offer: known absent, the action is refused at once. */
  offered?: Capability;
  /**
   * The change queued for what is asked, checked with the API's own schemas; `row` is the record as
   * mirrored (an update's or a delete's). Throws a refusal a person understands.
   */
  change(asked: Asks[K][O], row: Row | undefined, now: number): Asked<K, O>;
  /** Queued, it would change nothing (a link already in that channel): a list of them leaves it out. */
  needless?(db: LinkpilotDb, asked: Asks[K][O]): Promise<boolean>;
}

/**
 * A change as a kind makes it from what is asked: its payload, and its key and deps when not the
 * defaults. Its priority is the caller's (whether a person waits for the answer), never the kind's.
 */
export interface Asked<K extends Kind, O extends AskedOp<K>> {
  payload: Changes[K][O];
  key?: string;
  deps?: string[];
}

/** The row an update needs, or the refusal a person understands when it is gone. */
export function present<R>(row: Row | undefined, gone: MessageKey): R {
  if (!row) throw new ApiError({ kind: 'not-found', message: words(gone), retryable: false });
  return row as R;
}

/**
 * A field whose value must be unique, and where the mirror keeps what is already taken: compared
 * as the service compares it.
 */
export interface Unique {
  field: string;
  message: MessageKey;
  holders(db: LinkpilotDb, value: string): Promise<Mirrored[]>;
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
   * found, null when unknown (its id was recorded before the worker stopped). Returns what the
   * answer of the completing request adds to the mirror.
   */
  complete?(ctx: SendContext, key: string, id: number, payload: P, listed: I | null): Promise<readonly MirrorWrite[]>;
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

/** A create with its payload: what lib/sync/create.ts needs to make it, or find it made. */
export interface BoundCreation {
  table: SyncTable;
  make(ctx: SendContext, ids: Record<string, number>): Promise<Found<unknown, object>>;
  find(ctx: SendContext): Promise<Found<unknown, object> | null>;
  complete?(ctx: SendContext, key: string, id: number, listed: unknown): Promise<readonly MirrorWrite[]>;
  lacking?: Creation<unknown, unknown>['lacking'];
  follow?: Creation<unknown, unknown>['follow'];
}

/**
 * How a queued change reaches the service, as its kind describes it; lib/sync/send.ts sends every
 * kind's changes by this.
 * - `create`: the generic create (made, or found made after an answer was lost); with `capability`,
 *   beyond the seed's operations (lib/kinds/edits.ts).
 * - `edit`, `removal`: an update or a delete beyond the seed's operations.
 * - `request`: one request; what its answer adds to the mirror is written after it.
 */
export type Sending =
  | { create: BoundCreation; capability?: Capability }
  | { edit: Edit }
  | { removal: Removal }
  | { request(api: ApiClient): Promise<readonly MirrorWrite[]> };

/** A create's description bound to the payload of one entry. */
export function creating<P, I, X extends object>(
  table: SyncTable,
  how: Creation<P, I, X>,
  payload: P,
  capability?: Capability,
): Sending {
  const { complete } = how;
  return {
    create: {
      table,
      make: (ctx, ids) => how.make(ctx, payload, ids),
      find: (ctx) => how.find(ctx, payload),
      ...(complete && {
        complete: (ctx: SendContext, key: string, id: number, listed: unknown) =>
          complete(ctx, key, id, payload, listed as I | null),
      }),
      ...(how.lacking && { lacking: how.lacking }),
      ...(how.follow && { follow: how.follow }),
    },
    ...(capability && { capability }),
  };
}

/** One request whose answer adds nothing to the mirror. */
export const requestOnly =
  (request: (api: ApiClient) => Promise<unknown>) =>
  async (api: ApiClient): Promise<readonly MirrorWrite[]> => {
    await request(api);
    return [];
  };

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
