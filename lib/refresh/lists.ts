import { isAbsentRoute } from '../api/absent';
import type { ApiClient } from '../api/client';
import { LARGEST_PAGE_REQUEST } from '../api/paginate';
import type { Page } from '../api/schemas/envelope';
import type { LinkpilotDb, Mirrored, SyncState } from '../db/schema';
import { markAbsent } from '../kinds/capabilities';
import { type CatalogTable, LISTS, type Listed } from '../kinds/collections';
import type { Listing, Nested } from '../kinds/listing';
import { mergeCatalog, mergeNested, mergeRecords, removeCatalog, removeNested, removeRecords } from './apply';

/**
 * The service's lists as the mirror keeps them, read one page at a time by the head checks
 * (lib/refresh/head.ts) and the reconcile walk (lib/refresh/pull.ts) alike. A page read merges what it
 * holds, writing only the rows that changed (a write re-renders open views and drops the
 * dashboard's search index), and finds records deleted elsewhere without a full read:
 *
 * - **Proof.** A page is a contiguous slice of a list ordered by one key (an id, or a link's date).
 *   A mirrored record whose key lies strictly inside the page's keys, yet is not on the page, is gone
 *   from the service. The first page reaches to the list's newest end, the last page to its oldest.
 *   A key shared by the page's first or last record may continue on the neighbouring page, so those
 *   are proven only at the list's ends. One page that is the whole list proves everything.
 * - **Suspicion.** Between two pages read one after the other, records may have moved (a deletion
 *   above shifts the rest up a place, so one record falls between the reads). A mirrored record
 *   whose key lies between the two pages and is on neither is a suspect; it is deleted when it is a
 *   suspect again at a later reading (a record that merely moved is seen then and cleared).
 * - **Without an order** (a service that lists by something we cannot see), pages prove nothing but
 *   the whole list: every row read is written with the time, and what a complete walk did not see is
 *   suspected, then deleted the walk after.
 *
 * Only synced rows with a service id, known before the page was asked for, are ever deleted:
 * changes queued here and records this device made since stay.
 */

export type SortKey = string | number;
export type Order = 'desc' | 'asc';

/** Where a list stands between readings (kept in the collection's pull status). */
export interface ListState {
  /** The list's order as its pages have shown it; 'unordered' once a page contradicted it. */
  order?: Order | 'unordered';
  /** Row keys suspected of being deleted elsewhere, with when they were first missed. */
  suspects?: Record<string, number>;
  /** The page size the service gives (asked for 1000; a service may give less, or ignore `limit`). */
  perpage?: number;
}

/** The edge of the page read last, facing the next one: its key. */
export interface Boundary {
  key: SortKey;
}

interface Candidate {
  key: string;
  sortKey: SortKey;
}

/** One list of the service and the mirror table that holds it. */
export interface Source {
  list(api: ApiClient, page: number, db: LinkpilotDb): Promise<Page<unknown>>;
  /** The page's records in order: their sort keys (null when unknown), after `merge`. */
  sortKeys(items: unknown[]): (SortKey | null)[];
  /** Writes what changed; the mirror keys of the items (null when held back) and how many were new or edited. */
  merge(
    db: LinkpilotDb,
    items: unknown[],
    at: number,
    touchAll: boolean,
  ): Promise<{ keys: (string | null)[]; changed: number }>;
  /** Rows a page may prove gone, with keys strictly between `lo` and `hi` (null: unbounded). */
  candidates(db: LinkpilotDb, lo: SortKey | null, hi: SortKey | null, before: number): Promise<Candidate[]>;
  /** Rows not written since `since`, for lists without an order. */
  untouched(db: LinkpilotDb, since: number): Promise<Candidate[]>;
  /** Rows whose place in the list is not known (a link made here, not yet listed), written before `since`. */
  unplaced(db: LinkpilotDb, since: number): Promise<string[]>;
  remove(db: LinkpilotDb, keys: string[]): Promise<void>;
}

const within = (k: SortKey, lo: SortKey | null, hi: SortKey | null) =>
  (lo === null || k >= lo) && (hi === null || k <= hi);

const removable = (r: Mirrored, before: number) => r.sync === 'synced' && r.id !== null && r.pulledAt < before;

/** A kind with rows of its own (links, channels, campaigns, domains, QR codes). */
export function recordSource<R extends Mirrored, I extends { id: number }>(listing: Listing<R, I>): Source {
  const position = listing.position;
  const rowKey = (r: R): SortKey | null => (position ? position.ofRow(r) : r.id);
  return {
    async list(api, page, db) {
      const query = { page, limit: LARGEST_PAGE_REQUEST };
      try {
        return await listing.list(api, query);
      } catch (error) {
        if (!listing.offered || !isAbsentRoute(error)) throw error;
        await markAbsent(db, listing.offered);
        return { items: [], rejected: [], perpage: query.limit, currentpage: 1, maxpage: 1, nextpage: 0 };
      }
    },
    sortKeys: (items) => (items as I[]).map((i) => (position ? position.ofItem(i) : i.id)),
    merge: (db, items, at, touchAll) => mergeRecords(db, listing, items as I[], at, touchAll),
    async candidates(db, lo, hi, before) {
      // Nothing lies strictly between two equal keys (and IndexedDB refuses such a range).
      if (lo !== null && hi !== null && lo >= hi) return [];
      const index = position?.index ?? 'id';
      const table = listing.rows(db);
      const range =
        lo !== null && hi !== null
          ? table.where(index).between(lo, hi, false, false)
          : lo !== null
            ? table.where(index).above(lo)
            : hi !== null
              ? table.where(index).below(hi)
              : table.toCollection();
      // The whole list (no bounds) places every row, those with an unknown key too.
      const all = lo === null && hi === null;
      const rows = await range.filter((r) => removable(r, before) && (all || rowKey(r) !== null)).toArray();
      return rows.map((r) => ({ key: r.key, sortKey: rowKey(r) ?? '' }));
    },
    async unplaced(db, since) {
      if (!position) return [];
      return listing
        .rows(db)
        .filter((r) => removable(r, since) && rowKey(r) === null)
        .primaryKeys() as Promise<string[]>;
    },
    async untouched(db, since) {
      const rows = await listing
        .rows(db)
        .filter((r) => removable(r, since) && rowKey(r) !== null)
        .toArray();
      return rows.map((r) => ({ key: r.key, sortKey: rowKey(r)! }));
    },
    remove: (db, keys) => removeRecords(db, listing, keys),
  };
}

/** Overlays and splash pages: listed only, never changed here, rows keyed by the service's id. */
function catalogSource(
  name: CatalogTable,
  list: (api: ApiClient, page: number) => Promise<Page<{ id: number }>>,
): Source {
  type Row = { id: number; pulledAt?: number };
  const table = (db: LinkpilotDb) => db.table<Row, number>(name);
  const candidates = (rows: Row[], before: number): { key: string; sortKey: number }[] =>
    rows.filter((r) => (r.pulledAt ?? 0) < before).map((r) => ({ key: String(r.id), sortKey: r.id }));
  return {
    list,
    sortKeys: (items) => (items as Row[]).map((i) => i.id),
    merge: (db, items, at, touchAll) => mergeCatalog(db, name, items as Row[], at, touchAll),
    async candidates(db, lo, hi, before) {
      const all = await table(db).toArray();
      return candidates(all, before).filter((c) => within(c.sortKey, lo, hi));
    },
    untouched: async (db, since) => candidates(await table(db).toArray(), since),
    unplaced: async () => [],
    remove: (db, keys) => removeCatalog(db, name, keys),
  };
}

/** The items under one record of a nested list (a channel's); an item is a row of its own. */
export function nestedSource<R extends { key: string; sync: SyncState; pulledAt?: number }, I>(
  nested: Nested<R, I>,
  parentKey: string,
  parentId: number,
): Source {
  const rowsOf = (db: LinkpilotDb) => nested.rows(db).where(nested.under).equals(parentKey);
  const fromRows = (rows: R[], before: number) =>
    rows.flatMap((r) => {
      const sortKey = nested.rowSortKey(r);
      return r.sync === 'synced' && sortKey !== null && (r.pulledAt ?? 0) < before ? [{ key: r.key, sortKey }] : [];
    });
  return {
    list: (api, page) => nested.list(api, parentId, { page, limit: LARGEST_PAGE_REQUEST }),
    sortKeys: (items) => (items as I[]).map((i) => nested.sortKey(i)),
    merge: (db, items, at, touchAll) => mergeNested(db, nested, parentKey, items as I[], at, touchAll),
    async candidates(db, lo, hi, before) {
      return fromRows(await rowsOf(db).toArray(), before).filter((c) => within(c.sortKey, lo, hi));
    },
    untouched: async (db, since) => fromRows(await rowsOf(db).toArray(), since),
    unplaced: async () => [],
    remove: (db, keys) => removeNested(db, nested, keys),
  };
}

const sources = new Map<Listed, Source>();

/** The source of one list, as its description in lib/kinds/collections.ts says it is read. */
export function listSource(c: Listed): Source {
  let source = sources.get(c);
  if (!source) {
    const spec = LISTS[c];
    source =
      spec.how === 'records'
        ? spec.withListing(recordSource)
        : catalogSource(spec.table, (api, page) => spec.list(api, { page, limit: LARGEST_PAGE_REQUEST }));
    sources.set(c, source);
  }
  return source;
}

export interface PageRead {
  page: Page<unknown>;
  /** New or edited records on it. */
  changed: number;
  /** Whether it is the list's last page. */
  last: boolean;
  /** Its edge facing the next page in the direction of travel; null when it proves no order. */
  boundary: Boundary | null;
  state: ListState;
}

export interface ReadOptions {
  page: number;
  at: number;
  /** The edge of the page read just before, in the same reading; null for the first. */
  previous: Boundary | null;
  /** Reading towards higher page numbers. */
  forward: boolean;
  /** When this reading began: a suspect from before it and missed again is deleted. */
  startedAt: number;
  state: ListState;
}

/** Whether a row whose key is `k` and that is not on the page is proven gone by it (see above). */
function proves(k: SortKey, lo: SortKey, hi: SortKey, reachesLo: boolean, reachesHi: boolean): boolean {
  if (k > lo && k < hi) return true;
  if (k < lo) return reachesLo;
  if (k > hi) return reachesHi;
  if (k === lo && k === hi) return reachesLo && reachesHi;
  return k === lo ? reachesLo : reachesHi;
}

/** The order a page shows, if any: null when it holds fewer than two distinct keys. */
function orderOf(keys: SortKey[]): Order | 'unordered' | null {
  let up = false;
  let down = false;
  for (let i = 1; i < keys.length; i++) {
    if (keys[i]! > keys[i - 1]!) up = true;
    else if (keys[i]! < keys[i - 1]!) down = true;
  }
  return up && down ? 'unordered' : up ? 'asc' : down ? 'desc' : null;
}

/**
 * Reads one page of a list: merges it, deletes what it proves gone, suspects what fell between it
 * and the page before, and learns the list's order and page size. One request.
 */
export async function readPage(db: LinkpilotDb, api: ApiClient, source: Source, o: ReadOptions): Promise<PageRead> {
  const page = await source.list(api, o.page, db);
  const received = page.items.length + page.rejected.length;
  const last = received === 0 || o.page >= page.maxpage || (page.perpage > 0 && received < page.perpage);
  const raw = source.sortKeys(page.items);
  const known = raw.every((k) => k !== null) ? (raw as SortKey[]) : null;
  const shown = known ? orderOf(known) : null;
  let order = o.state.order;
  if (shown === 'unordered' || (shown && order && order !== shown)) order = 'unordered';
  else if (shown) order ??= shown;
  const merged = await source.merge(db, page.items, o.at, order === 'unordered');
  const seen = new Set(merged.keys.filter((k): k is string => k !== null));
  const suspects = { ...o.state.suspects };
  for (const key of seen) delete suspects[key];

  const gone = new Set<string>();
  // A record that could not be read may be one of ours: such a page proves nothing.
  const trusted = page.rejected.length === 0;
  if (trusted && o.page === 1 && last) {
    for (const c of await source.candidates(db, null, null, o.at)) if (!seen.has(c.key)) gone.add(c.key);
  } else if (trusted && known && known.length > 0 && (order === 'desc' || order === 'asc')) {
    const lo = known.reduce((a, b) => (b < a ? b : a));
    const hi = known.reduce((a, b) => (b > a ? b : a));
    // The first page holds the list's start, the last its end; which is newest depends on the order.
    const reachesLo = order === 'desc' ? last : o.page === 1;
    const reachesHi = order === 'desc' ? o.page === 1 : last;
    for (const c of await source.candidates(db, reachesLo ? null : lo, reachesHi ? null : hi, o.at))
      if (!seen.has(c.key) && proves(c.sortKey, lo, hi, reachesLo, reachesHi)) gone.add(c.key);
    if (o.previous) {
      // The records between the last page and this one: moved, or deleted elsewhere. Strictly
      // between: a record sharing a key with either edge may sit on a page before them (a date
      // many links share spans pages).
      const edge = o.forward ? known[0]! : known[known.length - 1]!;
      const [from, to] = edge < o.previous.key ? [edge, o.previous.key] : [o.previous.key, edge];
      for (const c of await source.candidates(db, from, to, o.at)) {
        if (seen.has(c.key) || gone.has(c.key)) continue;
        const since = suspects[c.key];
        if (since !== undefined && since < o.startedAt) gone.add(c.key);
        else suspects[c.key] = since ?? o.at;
      }
    }
  }
  for (const key of gone) delete suspects[key];
  if (gone.size > 0) await source.remove(db, [...gone]);

  const boundary: Boundary | null =
    known && known.length > 0 && order !== 'unordered' ? { key: o.forward ? known.at(-1)! : known[0]! } : null;
  const perpage = page.perpage > 0 ? page.perpage : o.state.perpage;
  return { page, changed: merged.changed, last, boundary, state: { order, suspects, perpage } };
}

/**
 * At the end of a complete walk: rows it could not place were missed (in a list without an order,
 * every row it did not write; in an ordered one, rows whose key is not the service's), and missed
 * twice in a row, they were deleted elsewhere.
 */
export async function sweepMissed(
  db: LinkpilotDb,
  source: Source,
  startedAt: number,
  state: ListState,
): Promise<ListState> {
  const missed =
    state.order === 'unordered'
      ? (await source.untouched(db, startedAt)).map((c) => c.key)
      : await source.unplaced(db, startedAt);
  const suspects = { ...state.suspects };
  const gone: string[] = [];
  for (const key of missed) {
    const since = suspects[key];
    if (since !== undefined && since < startedAt) {
      gone.push(key);
      delete suspects[key];
    } else suspects[key] = since ?? startedAt;
  }
  if (gone.length > 0) await source.remove(db, gone);
  return { ...state, suspects };
}
