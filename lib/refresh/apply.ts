import type { Link, LinkDetail } from '../api/schemas/links';
import { thinnedKey } from '../db/history-keys';
import { madeHere } from '../db/keys';
import { readMeta, writeMeta } from '../db/meta';
import { type LinkpilotDb, MIRROR_TABLES, type Mirrored, type OutboxEntry, type SyncState } from '../db/schema';
import {
  type Counted,
  gaining,
  historySinceKey,
  historyTable,
  historyTables,
  observed,
  readsTable,
  recentTable,
  type Reading as TotalReading,
  thinCutoff,
  thinned,
  totalOf,
} from '../history/record';
import type { CatalogTable } from '../kinds/collections';
import { COUNTED_KINDS } from '../kinds/counted';
import { link, linkDetail } from '../kinds/link';
import type { Detail, Listing, Nested, Single } from '../kinds/listing';

/**
 * The one place where what the service says is written into the mirror: list pages (the walk,
 * head checks, a channel on screen), records proven deleted elsewhere, a record's details and
 * statistics, a look-up by short URL and the account. Each keeps the mirror's own rules: what was
 * deleted here stays deleted, queued edits stay on top, and a record that may be what an unsettled
 * create made is held back until that create's look-up settles it (else it would be mirrored twice).
 */

/** How a merge counts: a list page is a reading of the whole list; a single look-up is not. */
export interface Reading {
  /** False: rows keep the time a list last showed them (a walk must still see them to keep them). */
  asRead: boolean;
  /** Unique clicks by service id, when the answer has them. */
  unique?: ReadonlyMap<number, number>;
}

/** A look-alike is made at the same moment as ours: its id lies this close. */
const MAX_ID_GAP = 3;

/** Field by field, so a row read back from IndexedDB compares equal to the same row built anew. */
function sameRow(a: object, b: object, except: string): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const field of new Set([...Object.keys(x), ...Object.keys(y)]))
    if (field !== except && JSON.stringify(x[field]) !== JSON.stringify(y[field])) return false;
  return true;
}

/**
 * Merges a page by server id: records deleted here stay deleted, queued edits are laid over the
 * pulled values, a record that may be what an unsettled create made waits for that create, and a
 * record unknown here made at the same moment as one of ours, holding what ours held, is flagged
 * as a likely copy. Reads only the outbox entries of this kind and these rows.
 */
export async function mergeRecords<R extends Mirrored, I extends { id: number }>(
  db: LinkpilotDb,
  listing: Listing<R, I>,
  items: I[],
  pulledAt: number,
  touchAll: boolean,
  reading: Reading = { asRead: true },
): Promise<{ keys: (string | null)[]; changed: number }> {
  const table = listing.rows(db);
  // A page of links or QR codes is a reading of their totals: remembered with the rows, at once.
  const counted = totalOf(listing.kind);
  return db.transaction('rw', [table, db.outbox, ...(counted ? historyTables(db) : [])], async () => {
    const ids = items.map((i) => i.id);
    const existing = new Map((await table.where('id').anyOf(ids).toArray()).map((r) => [r.id, r]));
    const kind = listing.kind;
    const queued = await db.outbox.where('[kind+op]').anyOf([kind, 'create'], [kind, 'delete']).toArray();
    const deleted = new Set(queued.filter((e) => e.op === 'delete').map((e) => e.ids[e.key]));
    const edits = await db.outbox
      .where('key')
      .anyOf([...existing.values()].map((r) => r.key))
      .toArray();
    // A copy comes into being with our create: the rows of ours made around these ids are the
    // only ones it can be a copy of, and a record mirrored before ours was made is none.
    const near = (id: number) => Math.abs(id) <= MAX_ID_GAP;
    const mine =
      listing.lookAlike && ids.length > 0
        ? await table
            .where('id')
            .between(Math.min(...ids) - MAX_ID_GAP, Math.max(...ids) + MAX_ID_GAP, true, true)
            .filter((r) => madeHere(r.key))
            .toArray()
        : [];
    const rows: R[] = [];
    const keys: (string | null)[] = [];
    const readings: TotalReading[] = [];
    let changed = 0;
    for (const item of items) {
      const before = existing.get(item.id);
      // A record our create may have made is its to adopt: one on the wire is answered with its id
      // (mirrored here, it would be a second row of it), one whose answer was lost is looked up.
      const ours = (e: OutboxEntry) => (e.ambiguous || e.state === 'inflight') && listing.madeBy(e, item);
      if (deleted.has(item.id) || (!before && queued.some(ours))) {
        keys.push(null);
        continue;
      }
      let row = listing.fromServer(item, before, reading.asRead ? pulledAt : (before?.pulledAt ?? 0));
      for (const edit of edits) if (edit.key === row.key) row = listing.withEdit?.(row, edit) ?? row;
      const pulled = row;
      const twin =
        (!before || before.twinOf !== undefined) && !madeHere(row.key)
          ? mine.find((m) => m.id !== item.id && near((m.id ?? 0) - item.id) && listing.lookAlike?.(pulled, m))
          : undefined;
      if (twin) row = { ...row, twinOf: twin.key };
      keys.push(row.key);
      // New, or edited elsewhere while synced here (a queued edit of ours is no news).
      if (!before || (before.sync === 'synced' && listing.content.some((f) => !Object.is(before[f], row[f]))))
        changed += 1;
      if (touchAll || !before || !sameRow(before, row, 'pulledAt')) rows.push(row);
      if (counted)
        readings.push({
          id: item.id,
          key: row.key,
          clicks: counted.total(row),
          before: before ? counted.total(before) : null,
          ...(before && { readBefore: before.pulledAt }),
          ...(reading.unique?.has(item.id) && { unique: reading.unique.get(item.id) }),
        });
    }
    await table.bulkPut(rows);
    if (counted) await recordTotals(db, counted.counted, readings, pulledAt);
    return { keys, changed };
  });
}

/** Rows of a kind proven deleted elsewhere, with what hangs off them (statistics, history). */
export async function removeRecords<R extends Mirrored, I extends { id: number }>(
  db: LinkpilotDb,
  listing: Listing<R, I>,
  keys: string[],
): Promise<void> {
  const counted = totalOf(listing.kind);
  const ids = counted ? (await listing.rows(db).where('key').anyOf(keys).toArray()).map((r) => r.id) : [];
  await listing.rows(db).where('key').anyOf(keys).delete();
  const { stats, items } = listing.hanging ?? {};
  await stats?.(db).bulkDelete(keys);
  if (items) await db.channelItems.where(items).anyOf(keys).delete();
  if (counted)
    await forgetHistory(
      db,
      counted.counted,
      ids.filter((id): id is number => typeof id === 'number'),
    );
}

type CatalogRow = { id: number; pulledAt?: number };
const catalog = (db: LinkpilotDb, name: CatalogTable) => db.table<CatalogRow, number>(name);

/** Overlays and splash pages: listed only, never changed here, rows keyed by the service's id. */
export async function mergeCatalog(
  db: LinkpilotDb,
  name: CatalogTable,
  records: CatalogRow[],
  at: number,
  touchAll: boolean,
): Promise<{ keys: string[]; changed: number }> {
  const table = catalog(db, name);
  return db.transaction('rw', table, async () => {
    const existing = new Map((await table.bulkGet(records.map((r) => r.id))).map((r) => [r?.id, r]));
    const rows = records.map((r) => ({ ...r, pulledAt: at }));
    const news = rows.filter((r) => !existing.get(r.id) || !sameRow(existing.get(r.id)!, r, 'pulledAt'));
    await table.bulkPut(touchAll ? rows : news);
    return { keys: records.map((r) => String(r.id)), changed: news.length };
  });
}

export const removeCatalog = (db: LinkpilotDb, name: CatalogTable, keys: string[]) =>
  catalog(db, name).bulkDelete(keys.map(Number));

/** One page of a nested list under one record (a channel's items), merged as catalogs are. */
export async function mergeNested<R extends { key: string; sync: SyncState; pulledAt?: number }, I>(
  db: LinkpilotDb,
  nested: Nested<R, I>,
  parentKey: string,
  items: I[],
  at: number,
  touchAll: boolean,
): Promise<{ keys: string[]; changed: number }> {
  const table = nested.rows(db);
  return db.transaction('rw', [table, ...nested.reads(db)], async () => {
    const rows: R[] = [];
    for (const item of items) rows.push({ ...(await nested.fromServer(db, parentKey, item)), pulledAt: at });
    const existing = await table.bulkGet(rows.map((r) => r.key));
    const news = rows.filter((r, i) => !existing[i] || !sameRow(existing[i], r, 'pulledAt'));
    await table.bulkPut(touchAll ? rows : news);
    return { keys: rows.map((r) => r.key), changed: news.length };
  });
}

export const removeNested = <R extends { key: string; sync: SyncState; pulledAt?: number }, I>(
  db: LinkpilotDb,
  nested: Nested<R, I>,
  keys: string[],
) => nested.rows(db).bulkDelete(keys);

/** A list that is one record (the account), as the service has it. */
export async function applySingle<R extends { key: string }, A>(db: LinkpilotDb, single: Single<R, A>, record: A) {
  const table = single.rows(db);
  await db.transaction('rw', table, async () => {
    await table.put(single.fromServer(record, await table.get(single.key)));
  });
}

/**
 * One record's statistics and details, read by its id (quick stats, detail views), as its kind's
 * detail says: its statistics, and its total as a reading of it.
 */
export async function applyDetail<
  R extends Mirrored,
  I extends { id: number },
  D,
  S extends { key: string; fetchedAt: number },
>(db: LinkpilotDb, listing: Listing<R, I>, detail: Detail<R, D, S>, key: string, answer: D, at: number): Promise<void> {
  const rows = listing.rows(db);
  const counted = totalOf(listing.kind);
  await db.transaction('rw', [rows, detail.stats(db), ...historyTables(db)], async () => {
    // Read inside the transaction: a list page may have brought a newer total meanwhile.
    const row = await rows.where('key').equals(key).first();
    if (!row) return;
    const before = counted ? counted.total(row) : 0;
    const { id, total, unique } = detail.total(answer, before);
    if (counted)
      await recordTotals(
        db,
        counted.counted,
        [{ id, key, clicks: total, before, unique, readBefore: row.pulledAt }],
        at,
      );
    await detail.stats(db).put(detail.statsRow(key, answer, at));
    await rows.put({ ...row, ...detail.withTotal(total) });
  });
}

/**
 * A link found by its short URL, merged as a list page's record would be (so a look-alike of a
 * create whose outcome is unknown is held back, not mirrored beside it), with its statistics.
 * Returns its key, or null when it was held back.
 */
export async function applyLookedUp(db: LinkpilotDb, found: LinkDetail, at: number): Promise<string | null> {
  const { details, stats } = found;
  const item: Link = { ...details, alias: '', clicks: stats.clicks };
  return db.transaction('rw', [db.links, db.linkStats, db.outbox, ...historyTables(db)], async () => {
    const unique = new Map([[details.id, stats.uniqueClicks]]);
    const [key] = (await mergeRecords(db, link.listing, [item], at, true, { asRead: false, unique })).keys;
    if (!key) return null;
    await linkDetail.stats(db).put(linkDetail.statsRow(key, found, at));
    return key;
  });
}

/**
 * Records what one reading of totals found (lib/history/record.ts says what is kept): its
 * observations, each record's time of reading, and, once a day, the days grown old thinned.
 */
export async function recordTotals(
  db: LinkpilotDb,
  kind: Counted,
  readings: TotalReading[],
  at: number,
): Promise<void> {
  await db.transaction('rw', historyTables(db), async () => {
    const gains = gaining(readings);
    const lastRead = await readsTable(db, kind).bulkGet(gains.map((r) => r.id));
    const readAt = new Map(gains.flatMap((r, i) => (lastRead[i] ? [[r.id, lastRead[i].at] as const] : [])));
    const news = observed(readings, readAt, at);
    if (news.length > 0) await recentTable(db, kind).bulkPut(news);
    if (readings.length > 0) await readsTable(db, kind).bulkPut(readings.map((r) => ({ id: r.id, at })));
    if ((await readMeta(db, historySinceKey)) === null) await writeMeta(db, historySinceKey, at);
    await thinIfDue(db, at);
  });
}

/** Once a day, what became older than the recent days leaves them for the history; a run reads only what became old since the last. */
async function thinIfDue(db: LinkpilotDb, at: number): Promise<void> {
  const cutoff = thinCutoff(at);
  const done = await readMeta(db, thinnedKey);
  if (done !== null && done >= cutoff) return;
  for (const kind of COUNTED_KINDS) {
    // [at] sorts before every [at, id]: below it lie the observations made before `cutoff`.
    const old = recentTable(db, kind).where('[at+id]').below([cutoff]);
    const kept = thinned(await old.toArray());
    if (kept.length === 0) continue;
    await historyTable(db, kind).bulkPut(kept);
    await old.delete();
  }
  await writeMeta(db, thinnedKey, cutoff);
}

/** The history of records that left the mirror (deleted elsewhere) goes with them. */
async function forgetHistory(db: LinkpilotDb, kind: Counted, ids: number[]): Promise<void> {
  for (const id of ids) {
    await historyTable(db, kind).where('[id+at]').between([id, -Infinity], [id, Infinity], true, true).delete();
    await recentTable(db, kind).where('id').equals(id).delete();
  }
  await readsTable(db, kind).bulkDelete(ids);
}

/**
 * Another account takes over the database: the mirror and what was learnt about the service go,
 * in the caller's transaction (which ends the outbox's entries with them).
 */
export async function emptyMirror(db: LinkpilotDb): Promise<void> {
  for (const table of [...MIRROR_TABLES, 'meta'] as const) await db.table(table).clear();
}
