import type { IndexableType } from 'dexie';
import type { Row, SyncTable } from './table';

/**
 * What a change does to the mirror, described by its kind; lib/sync/mirror.ts performs it.
 */

/** Tables a change made here writes: records', the account's row, statistics. */
export type WrittenTable = SyncTable | 'account' | 'linkStats' | 'qrStats';

export type MirrorWrite =
  /**
   * A record as it shows now, whole (made or edited here, or as an answer completes it). `made`: a
   * record made here whose create is the one change queued for it, pending without a look.
   */
  | { put: WrittenTable; row: object; made?: true }
  /** Fields laid over a record's row if the mirror still has it, or computed from that row. */
  | { patch: WrittenTable; key: string; fields: object | ((row: Row) => object) }
  /** A record put back as it was (a delete refused, not offered, or discarded), unless the mirror has it again. */
  | { restore: WrittenTable; row: object }
  /** A record gone from the mirror, by its table's key. */
  | { remove: WrittenTable; key: string }
  /**
   * The rows that name a record (`where` equals `equals`): a channel's items, a link's channel
   * items, a campaign's links, a second row of the record a create made. Removed when `fields` is
   * null, else laid over; `only` narrows them.
   */
  | {
      each: WrittenTable;
      where: string;
      equals: IndexableType;
      fields: object | null;
      only?: (row: Row) => boolean;
    };
