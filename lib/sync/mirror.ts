import Dexie, { type IndexableType, type PromiseExtended, type Table } from 'dexie';
import type { LinkpilotDb, SyncState } from '../db/schema';
import type { MirrorWrite, WrittenTable } from '../kinds/mirror-write';
import type { Row, SyncTable } from '../kinds/table';

/**
 * The one place where changes made here reach the mirror: what a change shows as soon as it is
 * queued, what the service's answer adds (an id, a short URL), a record put back after a refusal
 * or a discard, and what goes once a delete is done. Kinds describe these writes (`MirrorWrite`, lib/kinds/mirror-write.ts);
 * only `writeMirror` performs them, with the rules every such write keeps: a record's row shows the
 * sync state of the changes still queued for it, fields are laid over the row the mirror has now
 * (never over a copy read before a request), and nothing comes back that the mirror has again.
 * What the service says unasked (list pages, details) is written by lib/refresh/apply.ts alone.
 */

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

/** The sync state a record shows: failed if any of its changes failed, pending while any wait. */
export function syncStateOf(db: LinkpilotDb, key: string): PromiseExtended<SyncState> {
  // A Dexie promise, not an async function: writeMirror chains it inside transactions.
  return db.outbox
    .where('key')
    .equals(key)
    .toArray()
    .then((entries): SyncState => {
      if (entries.some((e) => e.state === 'failed')) return 'failed';
      return entries.length > 0 ? 'pending' : 'synced';
    });
}
