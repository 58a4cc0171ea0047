import type { Observation } from '../db/schema';

/**
 * What is known of one record's clicks over time. The service gives totals only, so Linkpilot knows
 * the total at each of its readings, and a rise only as "this many between these two readings".
 * Before its first reading, only the total then is known: how those clicks came over time is not.
 */
export interface Timeline {
  /** From when its clicks are followed. */
  since: number;
  /** Its total at `since` (0 for a record followed from when it was made). */
  before: number;
  /** Each rise as read, in time order. */
  gains: Rise[];
  /** Its last reading: the total is known up to here. */
  readTo: number;
  /** Its total now. */
  total: number;
}

/** `clicks` clicks came somewhere in (from, at]. */
export interface Rise {
  from: number;
  at: number;
  clicks: number;
}

export interface Known {
  /** When this database began to record (the first reading of anything). */
  historySince: number;
  /** When the record was made (epoch ms), when known. */
  created: number | null;
  /** The total the mirror holds now. */
  current: number;
  /** The record's last reading, when kept. */
  lastRead: number | null;
}

/**
 * One record's timeline from its observations. Totals only grow, so a record whose first known total
 * was 0 had 0 from when it was made; one first read with clicks is followed from that reading, its
 * clicks before it one sum. An observation kept before readings were timed (no `from`) is taken to
 * have risen at its own time, as those charts drew it.
 */
export function timelineOf(observations: readonly Observation[], known: Known): Timeline {
  const obs = [...observations].sort((a, b) => a.at - b.at);
  const first = obs[0];
  let since: number;
  let before: number;
  let rest = obs;
  if (first && first.gain === undefined) {
    since = first.at;
    before = first.clicks;
    rest = obs.slice(1);
  } else {
    before = first ? first.clicks - (first.gain ?? 0) : known.current;
    const firstAt = first ? (first.from ?? first.at) : Infinity;
    since =
      before === 0 && known.created !== null ? Math.min(known.created, firstAt) : Math.min(known.historySince, firstAt);
  }
  const gains: Rise[] = [];
  let previous = since;
  for (const o of rest) {
    if (o.gain === undefined || o.gain <= 0) {
      previous = o.at;
      continue;
    }
    // A rise cannot have come before the reading that found the total it rose from.
    const from = Math.min(o.at, Math.max(previous, o.from ?? o.at));
    gains.push({ from, at: o.at, clicks: o.gain });
    previous = o.at;
  }
  const readTo = Math.max(since, previous, known.lastRead ?? 0);
  return { since, before, gains, readTo, total: known.current };
}

/**
 * Clicks read in (from, to]: each rise counted at the reading that found it, as the table's gain
 * column counts (lib/history/read.ts), so the popup and the table never disagree.
 */
export function clicksRead(timeline: Timeline, from: number, to: number): number {
  return timeline.gains.filter((g) => g.at > from && g.at <= to).reduce((sum, g) => sum + g.clicks, 0);
}
