import { uiLocale } from '@/lib/browser/i18n';

/**
 * How the interface writes dates, numbers and URLs: one format everywhere, in the language the
 * interface speaks (the browser's UI language, as the catalogue does), so a German page shows
 * German dates. The service's datetimes are "YYYY-MM-DD HH:MM:SS" in UTC (the spec does not name a
 * zone; the mirror assumes UTC, see lib/api/schemas/primitives.ts), shown in the browser's own time zone.
 */
let formats: ReturnType<typeof makeFormats> | undefined;

function makeFormats(locale: string) {
  return {
    locale,
    dateTime: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    dateOnly: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }),
    number: new Intl.NumberFormat(locale),
    percent: new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }),
  };
}

/** Made on first use, not on import: the worker and tests load this module before they ask the browser. */
function inLocale() {
  const locale = uiLocale();
  if (formats?.locale !== locale) formats = makeFormats(locale);
  return formats;
}

/** The moment a service datetime ("YYYY-MM-DD HH:MM:SS", UTC) or an epoch-ms number stands for. */
export function toDate(value: string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const at = typeof value === 'number' ? new Date(value) : new Date(`${value.replace(' ', 'T')}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export function formatDateTime(value: string | number | null | undefined, fallback = '—'): string {
  const at = toDate(value);
  return at ? inLocale().dateTime.format(at) : fallback;
}

export function formatDate(value: string | number | null | undefined, fallback = '—'): string {
  // Channel items carry a date without a time ("YYYY-MM-DD").
  const at = toDate(typeof value === 'string' && value.length === 10 ? `${value} 00:00:00` : value);
  return at ? inLocale().dateOnly.format(at) : fallback;
}

export function formatTime(value: number): string {
  return inLocale().time.format(new Date(value));
}

/** A moment in as few words as a narrow column allows: its time when it is today, else its day and month. */
export function shortMoment(value: number): string {
  const at = new Date(value);
  if (at.toDateString() === new Date().toDateString()) return formatTime(value);
  return new Intl.DateTimeFormat(inLocale().locale, { day: 'numeric', month: 'short' }).format(at);
}

export function formatNumber(value: number): string {
  return inLocale().number.format(value);
}

/** A share (0–100) as the language writes one: "10%" in English, "10 %" in German. */
export function formatPercent(percent: number): string {
  return inLocale().percent.format(percent / 100);
}

/** A short URL as people read it: no scheme, no trailing slash. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

/**
 * A date-time picker's value ("YYYY-MM-DDTHH:MM", the person's local time) as the service's
 * datetime ("YYYY-MM-DD HH:MM:SS", UTC); '' stays ''. An unreadable value is passed on as typed,
 * so the form's own check names it.
 */
export function pickerToServiceDatetime(value: string): string {
  if (value === '') return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString().slice(0, 19).replace('T', ' ');
}

/** The service's datetime (UTC) as a date-time picker's value in the person's local time; '' for none. */
export function serviceDatetimeToPicker(value: string | null | undefined): string {
  if (!value) return '';
  const at = new Date(`${value.replace(' ', 'T')}Z`);
  if (Number.isNaN(at.getTime())) return '';
  const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
