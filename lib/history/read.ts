import { readMeta } from '../db/meta';
import type { LinkpilotDb, Observation, RecentObservation } from '../db/schema';
import { type Counted, DAY, historySinceKey, historyTable, readsTable, recentTable } from './record';
import { type Timeline, timelineOf } from './timeline';

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

/** When this database began to record totals (null: nothing read yet). */
export async function historySince(db: LinkpilotDb): Promise<number | null> {
  return readMeta(db, historySinceKey);
}

/** A record's observations: its thinned days, then its last days as read (each part in time order). */
async function observationsOf(db: LinkpilotDb, kind: Counted, id: number): Promise<Observation[]> {
  const [days, recent] = await Promise.all([
    historyTable(db, kind).where('[id+at]').between([id, -Infinity], [id, Infinity], true, true).toArray(),
    recentTable(db, kind).where('id').equals(id).toArray(),
  ]);
  return [...days, ...recent.sort((a, b) => a.at - b.at)];
}

/** One record's timeline; null while nothing is known of it (not on the service, or nothing read yet). */
export async function recordTimeline(db: LinkpilotDb, kind: Counted, record: Watched): Promise<Timeline | null> {
  const since = await historySince(db);
  if (record.id === null || since === null) return null;
  const [observations, lastRead] = await Promise.all([
    observationsOf(db, kind, record.id),
    readsTable(db, kind).get(record.id),
  ]);
  return timelineOf(observations, {
    historySince: since,
    created: toEpoch(record.date),
    current: record.total,
    lastRead: lastRead?.at ?? null,
  });
}

/** The timelines of several records of one kind (a channel's or a campaign's links), of those known. */
export async function timelinesOf(db: LinkpilotDb, kind: Counted, records: readonly Watched[]): Promise<Timeline[]> {
  const list = await Promise.all(records.map((r) => recordTimeline(db, kind, r)));
  return list.filter((t): t is Timeline => t !== null);
}

/** What one record gained in a span, and its local key. */
export interface Gain {
  key: string;
  gain: number;
}

/**
 * Clicks each record gained since `from`, by service id (records that gained none are left out):
 * the sum of the gains of its observations since then, all in one key range of the recent table,
 * which holds every observation of the last RECENT_DAYS days (a span that starts earlier counts
 * from there). A gain is counted at the reading that found it, and a record first seen in the span
 * counts from its first total.
 */
export async function gainsSince(db: LinkpilotDb, kind: Counted, from: number): Promise<Map<number, Gain>> {
  // [from, Infinity] sorts after every [from, id]: above it lie the observations made after `from`.
  return summedGains(await recentTable(db, kind).where('[at+id]').above([from, Infinity]).toArray());
}

function summedGains(observations: RecentObservation[]): Map<number, Gain> {
  const gains = new Map<number, Gain>();
  for (const o of observations) {
    if (!o.gain) continue;
    const known = gains.get(o.id);
    if (known) known.gain += o.gain;
    else gains.set(o.id, { key: o.key, gain: o.gain });
  }
  for (const [id, g] of gains) if (g.gain <= 0) gains.delete(id);
  return gains;
}

/**
 * Clicks each record gained in the last `days` days, by service id (records that gained none are left
 * out): of every record, or of the records `ids` only, read by their own observations. A table's rows
 * in view ask for theirs: the whole span holds one observation per record after a first copy, 100,000
 * of them, which the table's first rows must not wait behind.
 */
export async function gainsByRecord(
  db: LinkpilotDb,
  kind: Counted,
  now: number,
  days = 7,
  ids?: readonly number[],
): Promise<Map<number, number>> {
  const from = now - days * DAY;
  const gains = ids
    ? summedGains(
        await recentTable(db, kind)
          .where('id')
          .anyOf([...ids])
          .filter((o) => o.at > from)
          .toArray(),
      )
    : await gainsSince(db, kind, from);
  return new Map([...gains].map(([id, g]) => [id, g.gain]));
}
