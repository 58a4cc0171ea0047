import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR, nextPeriod, periodStart, ticksFor, unitFor } from '@/lib/history/calendar';
import { chartOf } from '@/lib/history/periods';
import { clicksRead, type Timeline, timelineOf } from '@/lib/history/timeline';

// A zone with summer time: its days are 23 and 25 hours long once a year each.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const DAY = 86_400_000;
const MIN = 60_000;
/** Local time in Berlin, as a person there reads a clock. */
const local = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min).getTime();

const known = (over: Partial<Parameters<typeof timelineOf>[1]> = {}) => ({
  historySince: local(2026, 11, 20, 9),
  created: null,
  current: 0,
  lastRead: null,
  ...over,
});

describe('a record’s timeline', () => {
  it('keeps what came before the first reading as one figure, and each rise between two readings', () => {
    const t = timelineOf(
      [
        { id: 1, at: local(2026, 11, 28, 10), clicks: 45 },
        { id: 1, at: local(2026, 11, 28, 11), clicks: 57, gain: 12, from: local(2026, 11, 28, 10, 55) },
      ],
      known({ current: 57, lastRead: local(2026, 11, 28, 12) }),
    );
    expect(t).toEqual({
      since: local(2026, 11, 28, 10),
      before: 45,
      gains: [{ from: local(2026, 11, 28, 10, 55), at: local(2026, 11, 28, 11), clicks: 12 }],
      readTo: local(2026, 11, 28, 12),
      total: 57,
    });
    expect(clicksRead(t, local(2026, 11, 28, 10, 30), local(2026, 11, 28, 12))).toBe(12);
    expect(clicksRead(t, local(2026, 11, 28, 11), local(2026, 11, 28, 12))).toBe(0);
  });

  it('follows a record first read with no clicks from when it was made (totals only grow)', () => {
    const made = local(2026, 11, 25, 8);
    const t = timelineOf(
      [{ id: 1, at: local(2026, 11, 26, 9), clicks: 3, gain: 3, from: local(2026, 11, 26, 8, 30) }],
      known({ created: made, current: 3 }),
    );
    expect(t.since).toBe(made);
    expect(t.before).toBe(0);
  });

  it('never places a rise before the reading that found the total it rose from', () => {
    const t = timelineOf(
      [
        { id: 1, at: local(2026, 11, 28, 10), clicks: 5 },
        { id: 1, at: local(2026, 11, 28, 11), clicks: 6, gain: 1, from: local(2026, 11, 27) },
        // Kept before readings were timed: taken to have risen at its own time.
        { id: 1, at: local(2026, 11, 28, 12), clicks: 8, gain: 2 },
      ],
      known({ current: 8 }),
    );
    expect(t.gains).toEqual([
      { from: local(2026, 11, 28, 10), at: local(2026, 11, 28, 11), clicks: 1 },
      { from: local(2026, 11, 28, 12), at: local(2026, 11, 28, 12), clicks: 2 },
    ]);
  });
});

const timeline = (over: Partial<Timeline>): Timeline => ({
  since: local(2026, 11, 28, 0),
  before: 0,
  gains: [],
  readTo: local(2026, 11, 28, 0),
  total: 0,
  ...over,
});

describe('clicks per period', () => {
  it('draws gains per hour on the first two days, from zero, never the running total', () => {
    const now = local(2026, 11, 28, 14, 20);
    const t = timeline({
      since: local(2026, 11, 28, 9, 10),
      before: 45,
      gains: [
        { from: local(2026, 11, 28, 10, 10), at: local(2026, 11, 28, 10, 15), clicks: 12 },
        // Read over 10:58–11:06: most of that span is in the 11 o'clock hour.
        { from: local(2026, 11, 28, 10, 58), at: local(2026, 11, 28, 11, 6), clicks: 4 },
        // 12:40–13:10: most of it before 13:00.
        { from: local(2026, 11, 28, 12, 40), at: local(2026, 11, 28, 13, 10), clicks: 2 },
      ],
      readTo: local(2026, 11, 28, 14, 15),
      total: 63,
    });
    const chart = chartOf([t], null, now)!;
    expect(chart.unit).toBe('hour');
    expect(chart.before).toBe(45);
    expect(chart.gained).toBe(18);
    expect(chart.periods.map((p) => [new Date(p.from).getHours(), p.clicks, p.state])).toEqual([
      [9, 0, 'known'],
      [10, 12, 'known'],
      [11, 4, 'known'],
      [12, 2, 'known'],
      [13, 0, 'known'],
      [14, 0, 'known'],
    ]);
  });

  it('draws a span nothing read as unknown, and clicks found after a long gap as a spread, not a ramp', () => {
    const now = local(2026, 11, 29, 9, 30);
    const t = timeline({
      since: local(2026, 11, 28, 18),
      gains: [{ from: local(2026, 11, 28, 22), at: local(2026, 11, 29, 8, 5), clicks: 30 }],
      readTo: local(2026, 11, 29, 8, 5),
      total: 30,
    });
    const chart = chartOf([t], null, now)!;
    expect(chart.unit).toBe('hour');
    expect(chart.spreads).toEqual([{ from: local(2026, 11, 28, 22), to: local(2026, 11, 29, 8, 5), clicks: 30 }]);
    const state = (h: number, d = 29) => chart.periods.find((p) => p.from === local(2026, 11, d, h))?.state;
    expect(state(20, 28)).toBe('known');
    expect(state(23, 28)).toBe('unknown');
    expect(state(3)).toBe('unknown');
    // After the last reading (08:05) the total is not known yet.
    expect(state(9)).toBe('unknown');
    expect(chart.periods.every((p) => p.clicks === 0)).toBe(true);
  });

  it('draws days after two days, weeks after four months, and sums several records', () => {
    const now = local(2026, 11, 28, 12);
    const a = timeline({
      since: local(2026, 11, 20, 9),
      gains: [{ from: local(2026, 11, 25, 9), at: local(2026, 11, 25, 10), clicks: 3 }],
      readTo: now - MIN,
    });
    const b = timeline({
      since: local(2026, 11, 24, 9),
      before: 7,
      gains: [{ from: local(2026, 11, 25, 20), at: local(2026, 11, 25, 21), clicks: 2 }],
      readTo: now - MIN,
    });
    const chart = chartOf([a, b], null, now)!;
    expect(chart.unit).toBe('day');
    expect(chart.before).toBe(7);
    const day = (d: number) => chart.periods.find((p) => p.from === local(2026, 11, d))!;
    expect(day(25)).toMatchObject({ clicks: 5, state: 'known' });
    // Before b was followed, its clicks are in its "before" figure: the days show a's alone.
    expect(day(22)).toMatchObject({ clicks: 0, state: 'known' });
    // The axis never starts before the history: a long span asked of a short history is days.
    expect(chartOf([a], local(2026, 1, 1), now)?.unit).toBe('day');
    expect(chartOf([{ ...a, since: local(2026, 1, 1) }], null, now)?.unit).toBe('week');
    expect(unitFor(0, 2 * DAY)).toBe('hour');
    expect(unitFor(0, 2 * DAY + 1)).toBe('day');
  });

  it('marks a period of a sum where some records were not read as partly known', () => {
    const now = local(2026, 11, 28, 12);
    const read = timeline({ since: local(2026, 11, 20), readTo: now - MIN });
    const unread = timeline({ since: local(2026, 11, 20), readTo: local(2026, 11, 26, 23) });
    const chart = chartOf([read, unread], null, now)!;
    expect(chart.periods.find((p) => p.from === local(2026, 11, 27))?.state).toBe('partly');
    expect(chart.periods.find((p) => p.from === local(2026, 11, 25))?.state).toBe('known');
  });
});

it('draws clicks read in a period it did not read all of as "at least", not as unknown', () => {
  const t = timeline({
    since: local(2026, 11, 25, 20),
    gains: [{ from: local(2026, 11, 25, 20), at: local(2026, 11, 25, 20, 4), clicks: 6 }],
    readTo: local(2026, 11, 25, 20, 5),
    total: 6,
  });
  const chart = chartOf([t], null, local(2026, 11, 28, 12))!;
  expect(chart.unit).toBe('day');
  expect(chart.periods.map((p) => [p.clicks, p.state])).toEqual([
    [6, 'partly'],
    [0, 'unknown'],
    [0, 'unknown'],
    [0, 'unknown'],
  ]);
});

describe('the calendar of a chart', () => {
  it('makes the day the clocks go forward 23 hours long, and the day they go back 25', () => {
    const spring = local(2026, 3, 29);
    expect(nextPeriod(spring, 'day') - spring).toBe(23 * HOUR);
    const autumn = local(2026, 10, 25);
    expect(nextPeriod(autumn, 'day') - autumn).toBe(25 * HOUR);
    expect(periodStart(local(2026, 10, 25, 23, 59), 'day')).toBe(autumn);
    // Weeks start on Monday.
    expect(new Date(periodStart(local(2026, 11, 28), 'week')).getDate()).toBe(23);
  });

  it('places ticks by time and never repeats a label, also across the hour the clocks go back', () => {
    const from = local(2026, 10, 25, 0);
    const to = from + 6 * HOUR;
    const ticks = ticksFor(from, to, 8);
    const named = ticks.map((t) => `${t.level}:${new Date(t.at).getDate()}-${new Date(t.at).getHours()}`);
    expect(new Set(named).size).toBe(named.length);
    expect(ticks[0]).toEqual({ at: from, level: 'day' });
    expect(ticks.length).toBeLessThanOrEqual(8);
  });

  it('names days, then months, as the span grows, at most the number asked for', () => {
    const days = ticksFor(local(2026, 11, 1), local(2026, 11, 28), 5);
    expect(days.length).toBeGreaterThan(1);
    expect(days.length).toBeLessThanOrEqual(5);
    expect(days.every((t) => new Date(t.at).getHours() === 0)).toBe(true);
    const year = ticksFor(local(2025, 11, 1), local(2026, 11, 28), 5);
    expect(year.every((t) => new Date(t.at).getDate() === 1)).toBe(true);
    expect(year.some((t) => t.level === 'year')).toBe(true);
  });
});
