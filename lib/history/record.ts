import type { Table } from 'dexie';
import { metaKey } from '../db/meta';
import type { LastRead, LinkpilotDb, Observation, RecentObservation } from '../db/schema';
import { COUNTED, COUNTED_KINDS, type Counted, isCounted, totalIn } from '../kinds/counted';

/**
 * How links and QR codes do over time, from what the refresh learns anyway: every reading of a total
 * (a list page of the walk or a head check, a shown link's refresh, a detail read) goes through
 * `recordTotals` (lib/refresh/apply.ts, which writes what these functions compute), which keeps an observation when the total differs from the one the mirror held,
 * with the time of the record's reading before it: the gain came between the two. Each record's last
 * reading is kept too (one small row per record). Kept bounded: the last RECENT_DAYS days as read, keyed by time (one
 * key range holds every record's gains of a span); older days thinned to one observation a day per
 * record (UTC days), once a day, keyed by record. A record's history goes when the record does.
 */

export type { Counted };

/** One total as a reading found it, beside the one the mirror held (null: the record is new here). */
export interface Reading {
  id: number;
  /** The record's local key. */
  key: string;
  clicks: number;
  before: number | null;
  unique?: number;
  /** When the mirror's total was read, as far as its row tells (for records read before their last reading was kept). */
  readBefore?: number;
}

export const DAY = 86_400_000;
/** Days kept as read, before today. */
export const RECENT_DAYS = 7;

export const historySinceKey = metaKey<number | null>('history:since', null);

/** The thinned days: one observation a day per record, keyed by record. */
export const historyTable = (db: LinkpilotDb, kind: Counted): Table<Observation, [number, number]> =>
  COUNTED[kind].history(db);

/** The last days as read, keyed by time. */
export const recentTable = (db: LinkpilotDb, kind: Counted): Table<RecentObservation, [number, number]> =>
  COUNTED[kind].recent(db);

/** When each record's total was last read, by service id. */
export const readsTable = (db: LinkpilotDb, kind: Counted): Table<LastRead, number> => COUNTED[kind].reads(db);

/** What a transaction that records must hold, beside the tables it writes itself. */
export const historyTables = (db: LinkpilotDb) => [
  ...COUNTED_KINDS.flatMap((kind) => [historyTable(db, kind), recentTable(db, kind), readsTable(db, kind)]),
  db.meta,
];

/**
 * What one reading found, as observations of the recent table. A total equal to the mirror's is no
 * news; a record new here with no clicks needs none either (it had none since it was made). Each
 * observation carries what the total gained since the mirror's, and `from`, the record's reading
 * before (`lastRead`, by id): the gain came between the two (a reading after the browser was closed
 * for a night spans the night, and is drawn so).
 */
export function observed(readings: readonly Reading[], lastRead: ReadonlyMap<number, number>, at: number) {
  const news: RecentObservation[] = [];
  for (const r of changedIn(readings)) {
    const o: RecentObservation = { at, id: r.id, key: r.key, clicks: r.clicks };
    if (r.before !== null) {
      o.gain = r.clicks - r.before;
      const from = lastRead.get(r.id) ?? r.readBefore;
      if (from !== undefined && from > 0 && from <= at) o.from = from;
    }
    if (r.unique !== undefined) o.unique = r.unique;
    news.push(o);
  }
  return news;
}

/** The readings whose record gained since the mirror's total: their last reading is asked for. */
export const gaining = (readings: readonly Reading[]) => changedIn(readings).filter((r) => r.before !== null);

const changedIn = (readings: readonly Reading[]) =>
  readings.filter((r) => r.clicks !== r.before && !(r.before === null && r.clicks === 0));

/** The UTC day `at` falls in, as the epoch ms of its start. */
export const dayOf = (at: number) => Math.floor(at / DAY) * DAY;

/** Where recent observations end once a day is thinned at `at`: the days before it are older than RECENT_DAYS. */
export const thinCutoff = (at: number) => dayOf(at) - RECENT_DAYS * DAY;

/** The recent observations that became old (in time order, as keyed), as the history keeps them: each record's day thinned. */
export function thinned(old: readonly Observation[]): Observation[] {
  const days = new Map<string, Observation[]>();
  for (const o of old) {
    const day = `${o.id}|${dayOf(o.at)}`;
    const list = days.get(day);
    if (list) list.push(o);
    else days.set(day, [o]);
  }
  return [...days.values()].flatMap(thinDay);
}

/**
 * One record's observations of one day (in time order) as the history keeps them: the last total,
 * gaining what the day gained since the reading before its first gain, so the sum of gains over any
 * days is what it was. A record first seen that day keeps that first observation too: what it
 * gained after is known, what came before is not.
 */
export function thinDay(day: readonly Observation[]): Observation[] {
  const firstSeen = day.length > 1 && day[0]!.gain === undefined ? [asKept(day[0]!)] : [];
  const counted = day.slice(firstSeen.length);
  const last = asKept(counted.at(-1)!);
  delete last.gain;
  delete last.from;
  if (counted[0]!.gain !== undefined) {
    last.gain = counted.reduce((sum, o) => sum + (o.gain ?? 0), 0);
    const from = counted[0]!.from ?? counted[0]!.at;
    if (from < last.at) last.from = from;
  }
  return [...firstSeen, last];
}

/** An observation as the thinned history stores it: no local key (the record is found by its id). */
function asKept(o: Observation): Observation {
  const kept: Observation = { id: o.id, at: o.at, clicks: o.clicks };
  if (o.gain !== undefined) kept.gain = o.gain;
  if (o.from !== undefined) kept.from = o.from;
  if (o.unique !== undefined) kept.unique = o.unique;
  return kept;
}

/** Which kinds hold a total, and how a row of each holds it (a link's clicks, a QR code's scans). */
export function totalOf(kind: string): { counted: Counted; total: (row: object) => number } | null {
  return isCounted(kind) ? { counted: kind, total: (row) => totalIn(kind, row) } : null;
}
