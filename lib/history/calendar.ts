/**
 * Periods and ticks in the person's own calendar (the system's time zone): a day is local midnight to
 * local midnight, 23 or 25 hours when the clocks change; a week starts on Monday. Pure: the time zone
 * is the runtime's, which tests set.
 */

export type Unit = 'hour' | 'day' | 'week';

export const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The usual length of each unit: what a rise read over a longer span cannot be placed in. */
export const UNIT_MS: Record<Unit, number> = { hour: HOUR, day: DAY, week: 7 * DAY };

/** The start of the local period that holds `at`. */
export function periodStart(at: number, unit: Unit): number {
  const d = new Date(at);
  if (unit === 'hour') {
    d.setMinutes(0, 0, 0);
    return d.getTime();
  }
  d.setHours(0, 0, 0, 0);
  if (unit === 'week') d.setDate(d.getDate() - ((d.getDay() + 6) % 7));
  return d.getTime();
}

/** The start of the period after the one that starts at `start`. */
export function nextPeriod(start: number, unit: Unit): number {
  if (unit === 'hour') return start + HOUR;
  const d = new Date(start);
  d.setDate(d.getDate() + (unit === 'week' ? 7 : 1));
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

/** Hours for the first two days of a history, days up to four months, weeks beyond. */
export function unitFor(from: number, to: number): Unit {
  const span = to - from;
  if (span <= 2 * DAY) return 'hour';
  if (span <= 120 * DAY) return 'day';
  return 'week';
}

/** What a tick's label names: a time of day, a day, or a month (with its year where it changes). */
export type TickLevel = 'hour' | 'day' | 'month' | 'year';

export interface Tick {
  at: number;
  level: TickLevel;
}

interface TickRule {
  /** Whether a local period start is a tick of this rule. */
  step: 'hour' | 'day' | 'month';
  keep: (d: Date) => boolean;
  level: (d: Date) => TickLevel;
}

const midnightIsDay = (d: Date): TickLevel => (d.getHours() === 0 ? 'day' : 'hour');
const januaryIsYear = (d: Date): TickLevel => (d.getMonth() === 0 ? 'year' : 'month');

/** From the finest to the coarsest; the finest that fits is used. */
const RULES: TickRule[] = [
  ...[1, 2, 3, 6, 12].map((n) => ({
    step: 'hour' as const,
    keep: (d: Date) => d.getMinutes() === 0 && d.getHours() % n === 0,
    level: midnightIsDay,
  })),
  { step: 'day', keep: () => true, level: () => 'day' },
  { step: 'day', keep: (d) => d.getDate() % 2 === 1 && d.getDate() < 31, level: () => 'day' },
  { step: 'day', keep: (d) => d.getDay() === 1, level: () => 'day' },
  {
    step: 'day',
    keep: (d) => d.getDate() === 1 || d.getDate() === 15,
    level: (d) => (d.getDate() === 1 ? januaryIsYear(d) : 'day'),
  },
  { step: 'month', keep: () => true, level: januaryIsYear },
  { step: 'month', keep: (d) => d.getMonth() % 3 === 0, level: januaryIsYear },
  { step: 'month', keep: (d) => d.getMonth() === 0, level: () => 'year' },
];

function* starts(from: number, to: number, step: TickRule['step']): Generator<Date> {
  const d = new Date(from);
  if (step === 'hour') d.setMinutes(0, 0, 0);
  else {
    d.setHours(0, 0, 0, 0);
    if (step === 'month') d.setDate(1);
  }
  for (let i = 0; i < 10_000 && d.getTime() <= to; i++) {
    if (d.getTime() >= from) yield new Date(d);
    if (step === 'hour') d.setTime(d.getTime() + HOUR);
    else if (step === 'day') d.setDate(d.getDate() + 1);
    else d.setMonth(d.getMonth() + 1);
    if (step !== 'hour') d.setHours(0, 0, 0, 0);
  }
}

/**
 * Ticks for an axis from `from` to `to`: at the starts of local hours, days or months, at most `max`
 * of them, the finest rule that fits. Two ticks never fall in the same local hour (the hour the
 * clocks go back is one tick), so no label repeats.
 */
export function ticksFor(from: number, to: number, max: number): Tick[] {
  for (const rule of RULES) {
    const ticks: Tick[] = [];
    let last = '';
    for (const d of starts(from, to, rule.step)) {
      if (!rule.keep(d)) continue;
      const level = rule.level(d);
      const named = `${d.getFullYear()}-${d.getMonth()}-${level === 'hour' ? `${d.getDate()}-${d.getHours()}` : d.getDate()}`;
      if (named === last) continue;
      last = named;
      ticks.push({ at: d.getTime(), level });
      if (ticks.length > max) break;
    }
    if (ticks.length <= max) return ticks;
  }
  return [];
}
