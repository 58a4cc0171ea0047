import { nextPeriod, periodStart, UNIT_MS, type Unit, unitFor } from './calendar';
import { clicksRead, type Rise, type Timeline } from './timeline';

/**
 * Clicks per period, as a chart draws them: what each hour, day or week gained, never the running
 * total. A rise read over a span no longer than a period is drawn in the period that holds most of
 * that span (readings of a link on screen are a minute apart, of any link at most 8 hours). A rise
 * read over a longer span (the browser was closed for a night) is a `Spread`: its clicks are known,
 * when they came is not, and the periods it covers are unknown rather than zero or a ramp. A period
 * no reading reaches (after a record's last reading) is unknown too.
 */
export interface Period {
  from: number;
  to: number;
  clicks: number;
  /**
   * `partly`: clicks were read in it, but not all of it was read (a record's first or last hours, or
   * in a sum some records): at least `clicks`.
   */
  state: State;
}

type State = 'known' | 'partly' | 'unknown';

export interface Spread {
  from: number;
  to: number;
  clicks: number;
}

export interface Chart {
  unit: Unit;
  /** The axis: from the start of the first period (or earlier, for a short history) to the end of the current one. */
  from: number;
  to: number;
  periods: Period[];
  spreads: Spread[];
  /** When the first record began to be followed, and the clicks all of them had by then. */
  since: number;
  before: number;
  /** Clicks read in the chart's span, counted as the table's gain column counts. */
  gained: number;
  total: number;
}

/** A year of hours is never drawn: at most this many periods, whatever the span. */
const MAX_PERIODS = 400;
/**
 * The shortest axis of each unit: a history of an hour is drawn as the last half day, with nothing
 * before it was followed, so one bar never fills the chart.
 */
const MIN_AXIS: Record<Unit, number> = { hour: 12 * UNIT_MS.hour, day: 7 * UNIT_MS.day, week: 8 * UNIT_MS.week };

/** The index of the period that holds `at` (-1 before the first). */
function indexAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid]! <= at) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/** Whether a rise is read over a span too long to place it in one period. */
const isSpread = (g: Rise, unit: Unit) => g.at - g.from > UNIT_MS[unit];

/** One record's part of each period: the clicks placed in it, and whether it is known (null: not followed yet). */
function partOf(
  t: Timeline,
  periods: readonly Period[],
  unit: Unit,
  now: number,
): { clicks: number[]; known: (State | null)[] } {
  const starts = periods.map((p) => p.from);
  const clicks = periods.map(() => 0);
  const spreads = t.gains.filter((g) => isSpread(g, unit));
  for (const g of t.gains) {
    if (isSpread(g, unit)) continue;
    // The period holding most of (from, at]; an instant rise (kept before readings were timed) is in the one that holds it.
    let best = indexAt(starts, g.at);
    if (best < 0) continue;
    if (g.from < periods[best]!.from) {
      const earlier = best - 1;
      if (
        earlier >= 0 &&
        overlap(g.from, g.at, periods[earlier]!.from, periods[earlier]!.to) > g.at - periods[best]!.from
      )
        best = earlier;
    }
    clicks[best]! += g.clicks;
  }
  const known = periods.map((p, i): State | null => {
    const lo = Math.max(p.from, t.since);
    const hi = Math.min(p.to, now);
    if (hi <= lo) return null;
    const unknown = spreads.reduce((sum, g) => sum + overlap(lo, hi, g.from, g.at), 0);
    const covered = overlap(lo, hi, t.since, t.readTo) - unknown;
    if (covered * 2 >= hi - lo) return 'known';
    return clicks[i]! > 0 ? 'partly' : 'unknown';
  });
  return { clicks, known };
}

/** Overlapping spreads of several records as one: their clicks summed. */
function merged(spreads: Spread[]): Spread[] {
  const out: Spread[] = [];
  for (const s of [...spreads].sort((a, b) => a.from - b.from)) {
    const last = out.at(-1);
    if (last && s.from < last.to) {
      last.to = Math.max(last.to, s.to);
      last.clicks += s.clicks;
    } else out.push({ ...s });
  }
  return out;
}

/**
 * The chart of one record or the sum of several (a channel's, a campaign's links), from `from` (null:
 * from when the first of them is followed) to `now`; null when none is followed. The span decides
 * the unit: hours over two days at most, days up to four months, weeks beyond.
 */
export function chartOf(timelines: readonly Timeline[], from: number | null, shownAt: number): Chart | null {
  if (timelines.length === 0) return null;
  // A reading newer than the clock the chart was drawn by (a page redraws on every reading, its clock every minute).
  const now = Math.max(shownAt, ...timelines.map((t) => t.readTo));
  const since = Math.min(...timelines.map((t) => t.since));
  const start = Math.min(now, Math.max(from ?? since, since));
  const unit = unitFor(start, now);
  const periods: Period[] = [];
  for (let at = periodStart(start, unit); at < now && periods.length < MAX_PERIODS; ) {
    const next = nextPeriod(at, unit);
    periods.push({ from: at, to: next, clicks: 0, state: 'known' });
    at = next;
  }
  const parts = timelines.map((t) => partOf(t, periods, unit, now));
  periods.forEach((p, i) => {
    const states = parts.map((part) => part.known[i]).filter((k): k is State => k !== null);
    p.clicks = parts.reduce((sum, part) => sum + part.clicks[i]!, 0);
    if (states.every((k) => k === 'known')) p.state = 'known';
    else p.state = states.every((k) => k === 'unknown') ? 'unknown' : 'partly';
  });
  const axisFrom = Math.min(periods[0]?.from ?? start, periodStart(now - MIN_AXIS[unit], unit));
  const spreads = merged(
    timelines.flatMap((t) =>
      t.gains
        .filter((g) => isSpread(g, unit) && g.at > axisFrom)
        .map((g) => ({ from: g.from, to: g.at, clicks: g.clicks })),
    ),
  );
  return {
    unit,
    from: axisFrom,
    // The current period is drawn whole: its bar is "so far", as wide as the others.
    to: periods.at(-1)?.to ?? now,
    periods,
    spreads,
    since,
    before: timelines.reduce((sum, t) => sum + t.before, 0),
    gained: timelines.reduce((sum, t) => sum + clicksRead(t, start, now), 0),
    total: timelines.reduce((sum, t) => sum + t.total, 0),
  };
}
