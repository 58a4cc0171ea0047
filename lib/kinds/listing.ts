import type { EntityTable } from 'dexie';
import type { ApiClient, PageQuery } from '../api/client';
import type { Page } from '../api/schemas/envelope';
import type { Change, Kind, LinkpilotDb, Mirrored } from '../db/schema';

/**
 * How the refresh lists one kind of record and keeps it in the mirror (lib/refresh/lists.ts); each
 * kind with rows of its own gives one in its description (lib/kinds).
 */
export interface Listing<R extends Mirrored, I extends { id: number }> {
  kind: Kind;
  rows(db: LinkpilotDb): EntityTable<R, 'key'>;
  list(api: ApiClient, query: PageQuery): Promise<Page<I>>;
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
  /** What hangs off records deleted elsewhere (statistics, a channel's items). */
  forget?(db: LinkpilotDb, keys: string[]): Promise<void>;
  /** A pulled row made at the same moment as `mine`, holding what it held: a likely copy (see lib/refresh/pull.ts). */
  lookAlike?(pulled: R, mine: R): boolean;
}

/** A list ordered by an indexed field of its rows (links: by date) instead of by id. */
export interface Position<R, I> {
  index: keyof R & string;
  ofItem(item: I): string | null;
  /** Null for a row whose value is not the service's (a link made here keeps the local clock until pulled). */
  ofRow(row: R): string | null;
}
