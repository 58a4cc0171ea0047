import type { LinkpilotDb, Observation } from '../db/schema';
import { type Counted, DAY, HISTORY_SINCE_KEY, historyTable, type Span, WATCHED_KEY } from './record';
import { type Series, seriesOf, sumOf } from './series';

/** A record whose history is read: its service id (null: not on the service yet), date and total. */
export interface Watched {
  id: number | null;
  date: string;
  total: number;
}

/** A service datetime ("YYYY-MM-DD HH:MM:SS", UTC) in epoch ms; null when unreadable. Zod-free: the popup reads it. */
function toEpoch(date: string): number | null {
  const at = Date.parse(`${date.replace(' ', 'T')}Z`);
  return Number.isNaN(at) ? null : at;
}

async function historySince(db: LinkpilotDb): Promise<number | null> {
  return ((await db.meta.get(HISTORY_SINCE_KEY))?.value as number | undefined) ?? null;
}

export async function watchLog(db: LinkpilotDb): Promise<Span[]> {
  return ((await db.meta.get(WATCHED_KEY))?.value as Span[] | undefined) ?? [];
}

async function observationsOf(db: LinkpilotDb, kind: Counted, id: number): Promise<Observation[]> {
  return historyTable(db, kind).where('[id+at]').between([id, -Infinity], [id, Infinity], true, true).toArray();
}

/** One record's series; null while nothing is known of it (not on the service, or nothing read yet). */
export async function recordSeries(db: LinkpilotDb, kind: Counted, record: Watched): Promise<Series | null> {
  const since = await historySince(db);
  if (record.id === null || since === null) return null;
  const observations = await observationsOf(db, kind, record.id);
  return seriesOf(observations, { historySince: since, created: toEpoch(record.date), current: record.total });
}

/** The sum of several links' series (a channel's or a campaign's); null while none is known. */
export async function linksSeries(db: LinkpilotDb, links: readonly Watched[]): Promise<Series | null> {
  const list = await Promise.all(links.map((l) => recordSeries(db, 'link', l)));
  return sumOf(list.filter((s): s is Series => s !== null));
}

/**
 * Clicks each record gained in the last `days` days, by service id (records that gained none are
 * left out): from the observations of those days alone, each first one's `prev` being the total
 * before them. A record first seen in that time counts from its first total.
 */
export async function gainsByRecord(
  db: LinkpilotDb,
  kind: Counted,
  now: number,
  days = 7,
): Promise<Map<number, number>> {
  const from = now - days * DAY;
  const recent = await historyTable(db, kind).where('at').above(from).toArray();
  const first = new Map<number, Observation>();
  const last = new Map<number, Observation>();
  for (const o of recent) {
    const f = first.get(o.id);
    if (!f || o.at < f.at) first.set(o.id, o);
    const l = last.get(o.id);
    if (!l || o.at > l.at) last.set(o.id, o);
  }
  const gains = new Map<number, number>();
  for (const [id, f] of first) {
    const gain = last.get(id)!.clicks - (f.prev ?? f.clicks);
    if (gain > 0) gains.set(id, gain);
  }
  return gains;
}
