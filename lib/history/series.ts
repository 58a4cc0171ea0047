import type { Observation } from '../db/schema';
import type { Span } from './record';

/**
 * A record's clicks over time as far as Linkpilot knows them: `points` are [time, total], each total
 * held from its time until the next point (a total is learnt when read, so a rise happened at or
 * before the point that shows it). It starts where knowledge starts (`since`) and never before:
 * no zeros are invented for the time before Linkpilot watched.
 */
export interface Series {
  since: number;
  points: [number, number][];
}

export interface Known {
  /** When this database began to record (the first reading). */
  historySince: number;
  /** When the record was made (epoch ms), when known. */
  created: number | null;
  /** The total the mirror holds now. */
  current: number;
}

/**
 * The series of one record from its observations. Totals only grow, so a record whose first known
 * total is 0 had 0 since it was made; otherwise its history starts when Linkpilot first read it.
 */
export function seriesOf(observations: readonly Observation[], known: Known): Series {
  const obs = [...observations].sort((a, b) => a.at - b.at);
  const first = obs[0];
  // The total before the first observation: what it held less what it gained (unknown for a record first seen with clicks).
  const base = first ? (first.gain === undefined ? null : first.clicks - first.gain) : known.current;
  let since: number;
  if (first && first.gain === undefined) since = first.at;
  else if (base === 0 && known.created !== null) since = Math.min(known.created, first?.at ?? known.created);
  else since = Math.min(known.historySince, first?.at ?? known.historySince);
  const points: [number, number][] = [];
  if (base !== null && (!first || since < first.at)) points.push([since, base]);
  for (const o of obs) points.push([o.at, o.clicks]);
  return { since, points };
}

/** The total a series holds at `at` (null before it starts). */
export function totalAt(series: Series, at: number): number | null {
  let value: number | null = null;
  for (const [t, v] of series.points) {
    if (t > at) break;
    value = v;
  }
  return value;
}

/**
 * Clicks gained since `from`: the last total less the one held at `from`; when the series starts
 * after `from`, less its first total (what came before is not known, and is not counted).
 */
export function gainSince(series: Series, from: number): number {
  const last = series.points.at(-1);
  if (!last) return 0;
  const start = totalAt(series, from) ?? series.points[0]![1];
  return Math.max(0, last[1] - start);
}

/**
 * The sum of several records' series (a channel's or a campaign's links): it starts when every one
 * of them is known, and steps wherever one of them does.
 */
export function sumOf(list: readonly Series[]): Series | null {
  if (list.length === 0) return null;
  const since = Math.max(...list.map((s) => s.since));
  const times = [...new Set([since, ...list.flatMap((s) => s.points.map(([t]) => t).filter((t) => t > since))])].sort(
    (a, b) => a - b,
  );
  const points: [number, number][] = [];
  const at = list.map(() => 0);
  const value = list.map(() => 0);
  for (const t of times) {
    let sum = 0;
    list.forEach((s, i) => {
      while (at[i]! < s.points.length && s.points[at[i]!]![0] <= t) value[i] = s.points[at[i]!++]![1];
      sum += value[i]!;
    });
    if (points.at(-1)?.[1] !== sum) points.push([t, sum]);
  }
  return { since, points };
}

/** The parts of [from, to] Linkpilot was not reading, from its watch log: where a chart shows a gap. */
export function gapsIn(watched: readonly Span[], from: number, to: number, slack: number): Span[] {
  const gaps: Span[] = [];
  let cursor = from;
  for (const [a, b] of watched) {
    if (b < cursor) continue;
    if (a > to) break;
    if (a - cursor > slack) gaps.push([cursor, a]);
    cursor = Math.max(cursor, b);
  }
  if (to - cursor > slack) gaps.push([cursor, to]);
  return gaps;
}

/**
 * At most `max` points to draw between `from` and `to`, keeping each bucket's last total (a chart
 * is a few hundred pixels wide; a link shown all week has thousands of readings). The total held at
 * `from` opens the window.
 */
export function pointsToDraw(series: Series, from: number, to: number, max: number): [number, number][] {
  const start = Math.max(from, series.since);
  const opening = totalAt(series, start);
  const inside = series.points.filter(([t]) => t > start && t <= to);
  const out: [number, number][] = opening === null ? [] : [[start, opening]];
  if (inside.length <= max) return [...out, ...inside];
  const width = (to - start) / max;
  let bucket = -1;
  for (const p of inside) {
    const b = Math.floor((p[0] - start) / width);
    if (b === bucket) out[out.length - 1] = p;
    else out.push(p);
    bucket = b;
  }
  return out;
}
