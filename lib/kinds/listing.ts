import type { EntityTable, Table } from 'dexie';
import type { ApiClient, PageQuery } from '../api/client';
import type { Page } from '../api/schemas/envelope';
import type {
  Change,
  Kind,
  LastRead,
  LinkpilotDb,
  Mirrored,
  Observation,
  RecentObservation,
  SyncState,
} from '../db/schema';
import type { MessageKey } from '../words';
import type { Capability } from './capabilities';

/**
 * How the refresh lists one kind of record and keeps it in the mirror (lib/refresh/lists.ts); each
 * kind with rows of its own gives one in its description (lib/kinds).
 */
export interface Listing<R extends Mirrored, I extends { id: number }> {
  kind: Kind;
  rows(db: LinkpilotDb): EntityTable<R, 'key'>;
  list(api: ApiClient, query: PageQuery): Promise<Page<I>>;
  /**
   * A list beyond the seed's operations: a service without its route (lib/api/absent.ts) lists
   * none, and this capability is marked absent, so what shows the list can say why it is empty.
   */
  offered?: Capability;
  fromServer(item: I, existing: R | undefined, pulledAt: number): R;
  /**
   * The fields whose change on the service is an edit: a head check reads on while a page holds
   * one. Counters (clicks, scans) are not among them: they move with every visit, and a list whose
   * newest records are visited would otherwise be read to its end on every check.
   */
  content: readonly (keyof R & string)[];
  /** Whether a listed record may be what a queued create makes: the pull holds it back while that create is unsettled. */
  madeBy(change: Change, item: I): boolean;
  /** Where a record sits in its list when the list is not ordered by id (see lib/refresh/lists.ts). */
  position?: Position<R, I>;
  /** Queued edits are laid over pulled values (and over the row, as they are made). */
  withEdit?(row: R, change: Change): R;
  /**
   * What hangs off its records and leaves with them when they are deleted elsewhere: statistics
   * kept by the record's key, items that name it by `items` (a channel's).
   */
  hanging?: { stats?(db: LinkpilotDb): Table<unknown, string>; items?: 'channelKey' };
  /** A pulled row made at the same moment as `mine`, holding what it held: a likely copy (see lib/refresh/pull.ts). */
  lookAlike?(pulled: R, mine: R): boolean;
}

/**
 * A list read under each record of another kind (a channel's items), page by page, while that
 * record is on screen or by the walk: its rows name their parent by key and are ordered by `sortKey`.
 */
export interface Nested<R extends { key: string; sync: SyncState; pulledAt?: number }, I> {
  /** The kind it is read under, and that kind's rows. */
  parent: Kind;
  parents(db: LinkpilotDb): EntityTable<Mirrored, 'key'>;
  rows(db: LinkpilotDb): Table<R, string>;
  /** The row field that names the parent's key. */
  under: keyof R & string;
  list(api: ApiClient, parentId: number, query: PageQuery): Promise<Page<I>>;
  sortKey(item: I): string | null;
  /** Null for a row whose place is not known (made here, not listed yet). */
  rowSortKey(row: R): string | null;
  /** The row of a listed item under `parentKey` (it may name other records by their mirrored keys). */
  fromServer(db: LinkpilotDb, parentKey: string, item: I): Promise<R>;
  /** What a transaction writing its rows must also hold (the tables fromServer reads). */
  reads(db: LinkpilotDb): Table[];
}

/** A list that is one record, read whole (the account): its row, under one key. */
export interface Single<R extends { key: string }, A> {
  rows(db: LinkpilotDb): Table<R, string>;
  key: string;
  read(api: ApiClient): Promise<A>;
  /** The row of the record as read, keeping what only this device knows of `existing`. */
  fromServer(record: A, existing: R | undefined): R;
}

/** Hands a nested list to generic code, keeping its row and item types together. */
export type WithNested = <T>(
  use: <R extends { key: string; sync: SyncState; pulledAt?: number }, I>(nested: Nested<R, I>) => T,
) => T;
export const withNested =
  <R extends { key: string; sync: SyncState; pulledAt?: number }, I>(nested: Nested<R, I>): WithNested =>
  (use) =>
    use(nested);

/** A list ordered by an indexed field of its rows (links: by date) instead of by id. */
export interface Position<R, I> {
  index: keyof R & string;
  ofItem(item: I): string | null;
  /** Null for a row whose value is not the service's (a link made here keeps the local clock until pulled). */
  ofRow(row: R): string | null;
}

/**
 * How a record on screen is read whole by its id (a link's or QR code's details and statistics):
 * lib/refresh/shown-refresh.ts asks for it, lib/refresh/apply.ts writes it.
 */
export interface Detail<R extends Mirrored, D, S extends { key: string; fetchedAt: number }> {
  read(api: ApiClient, id: number): Promise<D>;
  /** Where its statistics are kept; their `fetchedAt` says when it was last refreshed. */
  stats(db: LinkpilotDb): EntityTable<S, 'key'>;
  statsRow(key: string, detail: D, at: number): S;
  /** Its id, and its total (clicks, scans) as this answer leaves it, given the row's. */
  total(detail: D, before: number): { id: number; total: number; unique: number };
  /** The row's fields that hold the total. */
  withTotal(total: number): Partial<R>;
  /** Why it cannot be read: it is not on the service yet. */
  notSent: MessageKey;
}

/** Hands a kind's listing and detail to generic code, keeping their types together. */
export type WithDetail = <T>(
  use: <R extends Mirrored, I extends { id: number }, D, S extends { key: string; fetchedAt: number }>(
    listing: Listing<R, I>,
    detail: Detail<R, D, S>,
  ) => T,
) => T;

export const withDetail =
  <R extends Mirrored, I extends { id: number }, D, S extends { key: string; fetchedAt: number }>(
    listing: Listing<R, I>,
    detail: Detail<R, D, S>,
  ): WithDetail =>
  (use) =>
    use(listing, detail);

/**
 * How a record a page shows is kept fresh: read whole by its id, or (a channel) its items read page
 * by page as the walk reads them. A detail gone from the service while synced here was deleted
 * elsewhere, and leaves the mirror.
 */
export type Shown =
  | { how: 'detail'; withDetail: WithDetail }
  | { how: 'items'; row(db: LinkpilotDb, key: string): Promise<Mirrored | undefined> };

/**
 * A kind whose records hold a total kept over time (lib/history): where its observations are kept,
 * which field of a row holds the total, and how people call one of its counts.
 */
export interface Counting {
  /** The thinned days, keyed by record. */
  history(db: LinkpilotDb): Table<Observation, [number, number]>;
  /** The last days as read, keyed by time. */
  recent(db: LinkpilotDb): Table<RecentObservation, [number, number]>;
  /** When each record's total was last read. */
  reads(db: LinkpilotDb): Table<LastRead, number>;
  field: 'clicks' | 'scans';
  noun: 'click' | 'scan';
  /** The title of its chart over time. */
  overTime: Extract<MessageKey, `trends.${Counting['noun']}sOverTime`>;
  /** Its most trending records are followed closely, as if looked at (lib/refresh/sample.ts). */
  trends?: boolean;
}
