import Dexie, { type IndexableType, type PromiseExtended, type Table } from 'dexie';
import type { LinkpilotDb } from '../db/schema';
import { syncStateOf } from './ids';
import type { Row, SyncTable } from './table';

/**
 * The one place where changes made here reach the mirror: what a change shows as soon as it is
 * queued, what the service's answer adds (an id, a short URL), a record put back after a refusal
 * or a discard, and what goes once a delete is done. Kinds describe these writes (`MirrorWrite`);
 * only `writeMirror` performs them, with the rules every such write keeps: a record's row shows the
 * sync state of the changes still queued for it, fields are laid over the row the mirror has now
 * (never over a copy read before a request), and nothing comes back that the mirror has again.
 * What the service says unasked (list pages, details) is written by lib/refresh/apply.ts alone.
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

const tableOf = (write: MirrorWrite): WrittenTable =>
  'put' in write
    ? write.put
    : 'patch' in write
      ? write.patch
      : 'restore' in write
        ? write.restore
        : 'remove' in write
          ? write.remove
          : write.each;

/*
 * Inside a transaction these writes chain Dexie's own promises, never a native async function: Dexie
 * follows a transaction across native awaits only for a limited number of turns, shared with every
 * other database's work, and a write that found no transaction would open one of its own beside it.
 */
const done = (): PromiseExtended<unknown> => Dexie.Promise.resolve(undefined);

/** Rows that show a sync state carry `sync`; the account's and statistics do not. */
function stamped(db: LinkpilotDb, row: Row): PromiseExtended<Row> {
  return 'sync' in row && typeof row.key === 'string'
    ? syncStateOf(db, row.key).then((sync) => ({ ...row, sync }))
    : Dexie.Promise.resolve(row);
}

function writeOne(db: LinkpilotDb, write: MirrorWrite): PromiseExtended<unknown> {
  const table: Table<Row, IndexableType> = db.table(tableOf(write));
  const put = (row: Row) => stamped(db, row).then((r) => table.put(r));
  if ('put' in write) return write.made ? table.put({ ...write.row, sync: 'pending' }) : put({ ...write.row });
  if ('patch' in write) {
    const { fields } = write;
    return table
      .get(write.key)
      .then((row) => row && put({ ...row, ...(typeof fields === 'function' ? fields(row) : fields) }));
  }
  if ('restore' in write) {
    const row: Row = { ...write.row };
    // Back unless a pull or an answer brought it again; either way it shows where its changes stand.
    return table
      .get(row[table.schema.primKey.keyPath as string] as IndexableType)
      .then((there) => (!there || 'sync' in there ? put(there ?? row) : undefined));
  }
  if ('remove' in write) return table.delete(write.key);
  const rows = table.where(write.where).equals(write.equals);
  const named = write.only ? rows.filter(write.only) : rows;
  const { fields } = write;
  if (fields === null) return named.delete();
  return named.toArray().then((found) => found.reduce((p, row) => p.then(() => put({ ...row, ...fields })), done()));
}

/**
 * Writes what a change or its answer does to the mirror, in order. Inside a transaction (an
 * action's, a create's answer with the end of its entry) it is part of it, and every table it
 * writes must be in that scope with the outbox; alone, it is one transaction of its own.
 */
export function writeMirror(db: LinkpilotDb, writes: readonly MirrorWrite[]): PromiseExtended<unknown> {
  const run = () => writes.reduce((p, write) => p.then(() => writeOne(db, write)), done());
  if (writes.length === 0 || Dexie.currentTransaction) return run();
  const tables = [...new Set(writes.map(tableOf))].map((name) => db.table(name));
  return db.transaction('rw', [...tables, db.outbox], run);
}

/** Shows on a record whether its changes are sent (after its entries changed: queued, refused, ended). */
export function stampSyncState(db: LinkpilotDb, table: SyncTable | null, key: string): PromiseExtended<unknown> {
  return writeMirror(db, table ? [{ patch: table, key, fields: {} }] : []);
}
