import type { Table } from 'dexie';
import type { LinkpilotDb, Observation } from '../db/schema';

/**
 * How links and QR codes do over time, from what the refresh learns anyway: every reading of a total
 * (a list page of the walk or a head check, a shown link's refresh, a detail read) goes through
 * `recordTotals`, which keeps an observation when the total differs from the one the mirror held.
 * No request is added for it. Kept bounded: the last RECENT_DAYS days as read; older days thinned to
 * their last observation (UTC days), once a day. A record's history goes when the record does.
 */

export type Counted = 'link' | 'qr';

/** One total as a reading found it, beside the one the mirror held (null: the record is new here). */
export interface Reading {
  id: number;
  clicks: number;
  before: number | null;
  unique?: number;
}

export const DAY = 86_400_000;
/** Days kept as read, before today. */
export const RECENT_DAYS = 7;
/** Readings further apart than this (of anything) mean Linkpilot was not reading: a gap in every chart. */
export const WATCH_GAP = 20 * 60_000;
/** The watch log keeps this many spans, the newest. */
const MAX_SPANS = 2000;

export const HISTORY_SINCE_KEY = 'history:since';
export const WATCHED_KEY = 'history:watched';
const THINNED_KEY = 'history:thinned';

export const historyTable = (db: LinkpilotDb, kind: Counted): Table<Observation, [number, number]> =>
  kind === 'link' ? db.linkHistory : db.qrHistory;

/** What a transaction that records must hold, beside the tables it writes itself. */
export const historyTables = (db: LinkpilotDb) => [db.linkHistory, db.qrHistory, db.meta];

/** Spans of time during which Linkpilot was reading, [from, to] in epoch ms, oldest first. */
export type Span = [number, number];

/**
 * Records what one reading found. A total equal to the mirror's is no news; a record new here with
 * no clicks needs none either (it had none since it was made). Also notes that Linkpilot was
 * reading at `at`, and thins the history once a day.
 */
export async function recordTotals(db: LinkpilotDb, kind: Counted, readings: Reading[], at: number): Promise<void> {
  const table = historyTable(db, kind);
  await db.transaction('rw', historyTables(db), async () => {
    const news: Observation[] = [];
    for (const r of readings) {
      if (r.clicks === r.before || (r.before === null && r.clicks === 0)) continue;
      const o: Observation = { id: r.id, at, clicks: r.clicks };
      if (r.before !== null) o.prev = r.before;
      if (r.unique !== undefined) o.unique = r.unique;
      news.push(o);
    }
    if (news.length > 0) await table.bulkPut(news);
    await noteWatching(db, at);
    await thinIfDue(db, at);
  });
}

async function noteWatching(db: LinkpilotDb, at: number): Promise<void> {
  const since = await db.meta.get(HISTORY_SINCE_KEY);
  if (!since) await db.meta.put({ key: HISTORY_SINCE_KEY, value: at });
  const spans = ((await db.meta.get(WATCHED_KEY))?.value as Span[] | undefined) ?? [];
  const last = spans.at(-1);
  if (last && at >= last[0] && at - last[1] <= WATCH_GAP) {
    if (at <= last[1]) return;
    last[1] = at;
  } else {
    spans.push([at, at]);
    if (spans.length > MAX_SPANS) spans.splice(0, spans.length - MAX_SPANS);
  }
  await db.meta.put({ key: WATCHED_KEY, value: spans });
}

/** The UTC day `at` falls in, as the epoch ms of its start. */
export const dayOf = (at: number) => Math.floor(at / DAY) * DAY;

/**
 * Days older than RECENT_DAYS keep their last observation per record, which takes the `prev` of
 * the day's first (so a day's gain is still its last total less the total before it). Runs once a
 * day over the days that became old since the last run: each observation is thinned once.
 */
async function thinIfDue(db: LinkpilotDb, at: number): Promise<void> {
  const cutoff = dayOf(at) - RECENT_DAYS * DAY;
  const done = ((await db.meta.get(THINNED_KEY))?.value as number | undefined) ?? null;
  if (done !== null && done >= cutoff) return;
  for (const kind of ['link', 'qr'] as const) await thin(historyTable(db, kind), done ?? 0, cutoff);
  await db.meta.put({ key: THINNED_KEY, value: cutoff });
}

async function thin(table: Table<Observation, [number, number]>, from: number, to: number): Promise<void> {
  const old = await table.where('at').between(from, to, true, false).toArray();
  const groups = new Map<string, Observation[]>();
  for (const o of old) {
    const group = `${o.id}|${dayOf(o.at)}`;
    const list = groups.get(group);
    if (list) list.push(o);
    else groups.set(group, [o]);
  }
  const gone: [number, number][] = [];
  const kept: Observation[] = [];
  for (const list of groups.values()) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.at - b.at);
    const last = { ...list.at(-1)! };
    const first = list[0]!;
    if (first.prev === undefined) delete last.prev;
    else last.prev = first.prev;
    kept.push(last);
    for (const o of list.slice(0, -1)) gone.push([o.id, o.at]);
  }
  if (gone.length > 0) await table.bulkDelete(gone);
  if (kept.length > 0) await table.bulkPut(kept);
}

/** The history of records that left the mirror (deleted elsewhere) goes with them. */
export async function forgetHistory(db: LinkpilotDb, kind: Counted, ids: number[]): Promise<void> {
  const table = historyTable(db, kind);
  for (const id of ids) await table.where('[id+at]').between([id, -Infinity], [id, Infinity], true, true).delete();
}

/** Which kinds hold a total, and how a row of each holds it (a link's clicks, a QR code's scans). */
export function totalOf(kind: string): { counted: Counted; total: (row: object) => number } | null {
  if (kind === 'link') return { counted: 'link', total: (row) => (row as { clicks: number }).clicks };
  if (kind === 'qr') return { counted: 'qr', total: (row) => (row as { scans: number }).scans };
  return null;
}
