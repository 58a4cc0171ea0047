import { uiLocale } from '@/lib/browser/i18n';
import type { Tick, Unit } from '@/lib/history/calendar';

/** How a chart names times, in the interface's language: ticks as short as they can be, periods in full. */
const formats = new Map<string, Intl.DateTimeFormat>();

function format(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const locale = uiLocale();
  const id = `${locale}|${JSON.stringify(options)}`;
  let known = formats.get(id);
  if (!known) {
    known = new Intl.DateTimeFormat(locale, options);
    formats.set(id, known);
  }
  return known;
}

const TICK: Record<Tick['level'], Intl.DateTimeFormatOptions> = {
  hour: { hour: 'numeric', minute: '2-digit' },
  day: { day: 'numeric', month: 'short' },
  month: { month: 'short' },
  year: { month: 'short', year: 'numeric' },
};

export const tickLabel = (tick: Tick) => format(TICK[tick.level]).format(tick.at);

/** A period as a hover names it: "28 Nov, 14:00–15:00", "28 Nov 2026", "23–29 Nov 2026". */
export function periodLabel(from: number, to: number, unit: Unit): string {
  if (unit === 'hour') {
    const day = format({ day: 'numeric', month: 'short' }).format(from);
    return `${day}, ${format({ hour: 'numeric', minute: '2-digit' }).formatRange(from, to)}`;
  }
  if (unit === 'day') return format({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(from);
  return format({ day: 'numeric', month: 'short', year: 'numeric' }).formatRange(from, to - 1);
}

/** A moment as a spread names its ends: the day and the time. */
export const momentLabel = (at: number) =>
  format({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
