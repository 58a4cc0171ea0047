import type { Table } from 'dexie';
import { thinnedKey } from '../db/history-keys';
import { metaKey, readMeta, writeMeta } from '../db/meta';
import type { LastRead, LinkpilotDb, Observation, RecentObservation } from '../db/schema';
import { COUNTED, COUNTED_KINDS, type Counted, isCounted, totalIn } from '../kinds/counted';

/**
 * How links and QR codes do over time, from what the refresh learns anyway: every reading of a total
 * (a list page of the walk or a head check, a shown link's refresh, a detail read) goes through
 * `recordTotals`, which keeps an observation when the total differs from the one the mirror held,
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
 * Records what one reading found. A total equal to the mirror's is no news; a record new here with
 * no clicks needs none either (it had none since it was made). Each observation carries what the
 * total gained since the mirror's, and `from`, the record's reading before (the gain came between
 * the two: a reading after the browser was closed for a night spans the night, and is drawn so).
 * Every record read notes the time; the history is thinned once a day.
 */
export async function recordTotals(db: LinkpilotDb, kind: Counted, readings: Reading[], at: number): Promise<void> {
  await db.transaction('rw', historyTables(db), async () => {
    const changed = readings.filter((r) => r.clicks !== r.before && !(r.before === null && r.clicks === 0));
    const gaining = changed.filter((r) => r.before !== null);
    const lastRead = await readsTable(db, kind).bulkGet(gaining.map((r) => r.id));
    const readAt = new Map(gaining.map((r, i) => [r.id, lastRead[i]?.at ?? r.readBefore]));
    const news: RecentObservation[] = [];
    for (const r of changed) {
      const o: RecentObservation = { at, id: r.id, key: r.key, clicks: r.clicks };
      if (r.before !== null) {
        o.gain = r.clicks - r.before;
        const from = readAt.get(r.id);
        if (from !== undefined && from > 0 && from <= at) o.from = from;
      }
      if (r.unique !== undefined) o.unique = r.unique;
      news.push(o);
    }
    if (news.length > 0) await recentTable(db, kind).bulkPut(news);
    if (readings.length > 0) await readsTable(db, kind).bulkPut(readings.map((r) => ({ id: r.id, at })));
    if ((await readMeta(db, historySinceKey)) === null) await writeMeta(db, historySinceKey, at);
    await thinIfDue(db, at);
  });
}

/** The UTC day `at` falls in, as the epoch ms of its start. */
export const dayOf = (at: number) => Math.floor(at / DAY) * DAY;

/**
 * Once a day, the days that became older than RECENT_DAYS leave the recent table, each record's
 * day thinned (`thinDay`) into the history. A run reads only what became old since the last.
 */
async function thinIfDue(db: LinkpilotDb, at: number): Promise<void> {
  const cutoff = dayOf(at) - RECENT_DAYS * DAY;
  const done = await readMeta(db, thinnedKey);
  if (done !== null && done >= cutoff) return;
  for (const kind of COUNTED_KINDS) await thin(db, kind, cutoff);
  await writeMeta(db, thinnedKey, cutoff);
}

async function thin(db: LinkpilotDb, kind: Counted, cutoff: number): Promise<void> {
  // [at] sorts before every [at, id]: below it lie the observations made before `cutoff`.
  const old = recentTable(db, kind).where('[at+id]').below([cutoff]);
  const days = new Map<string, Observation[]>();
  // In time order, as keyed.
  for (const o of await old.toArray()) {
    const day = `${o.id}|${dayOf(o.at)}`;
    const list = days.get(day);
    if (list) list.push(o);
    else days.set(day, [o]);
  }
  if (days.size === 0) return;
  await historyTable(db, kind).bulkPut([...days.values()].flatMap(thinDay));
  await old.delete();
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

/** The history of records that left the mirror (deleted elsewhere) goes with them. */
export async function forgetHistory(db: LinkpilotDb, kind: Counted, ids: number[]): Promise<void> {
  for (const id of ids) {
    await historyTable(db, kind).where('[id+at]').between([id, -Infinity], [id, Infinity], true, true).delete();
    await recentTable(db, kind).where('id').equals(id).delete();
  }
  await readsTable(db, kind).bulkDelete(ids);
}

/** Which kinds hold a total, and how a row of each holds it (a link's clicks, a QR code's scans). */
export function totalOf(kind: string): { counted: Counted; total: (row: object) => number } | null {
  return isCounted(kind) ? { counted: kind, total: (row) => totalIn(kind, row) } : null;
}
