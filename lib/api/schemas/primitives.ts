import { z } from 'zod';
import { isWebUrl } from '../web-url';

export { isWebUrl };

/**
 * Building blocks that absorb the wire format's quirks once, so every record schema above
 * them yields clean values: numbers that arrive as strings, maps that arrive as the integer 0,
 * `false` for "none", `error` as 0, "0" or 1, and hostile sizes.
 */

/** Longest text kept from the service; anything longer is cut, so a hostile 5 MB title cannot bloat the mirror. */
export const MAX_TEXT = 2000;
/** Longest URL kept; a longer one is treated as no URL at all. */
export const MAX_URL = 4096;

/** `error` as 0, "0", 1 or "1" → 0 | 1. */
export const errorFlag = z
  .union([z.literal(0), z.literal('0'), z.literal(1), z.literal('1'), z.literal(false), z.literal(true)])
  .transform((v) => (v === 1 || v === '1' || v === true ? 1 : 0));

/** An integer, also when sent as a numeric string ("12"). */
export const int = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,15}$/, 'expected an integer'),
  ])
  .transform((v) => Number(v))
  .pipe(z.number().int('expected an integer').refine(Number.isSafeInteger, 'integer out of range'));

/** A server id: a positive integer. */
export const id = int.pipe(z.number().min(1, 'expected a positive id'));

/** A count (clicks, scans): a non-negative integer, also as a string; missing or null is 0. */
export const count = z
  .union([int])
  .nullish()
  .transform((v) => v ?? 0)
  .pipe(z.number().min(0, 'expected a count'));

/** Free text; null or missing becomes '', and overlong text is cut. */
export const text = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? '' : String(v)))
  .transform((s) => (s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s));

/**
 * A URL the UI may turn into a link: only http(s) survives. Anything else (javascript:, data:,
 * garbage, overlong) becomes '' rather than failing the whole record.
 */
export const webUrl = z
  .union([z.string(), z.literal(false)])
  .nullish()
  .transform((v) => {
    if (typeof v !== 'string' || v.length > MAX_URL) return '';
    return isWebUrl(v.trim()) ? v.trim() : '';
  });

/** Like webUrl, but `false` or empty means "there is none" (campaign rotator). */
export const optionalWebUrl = webUrl.transform((v) => (v === '' ? null : v));

/** true/false, also as 1/0, "1"/"0", "true"/"false"; missing is false. */
export const bool = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false', ''])])
  .nullish()
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/**
 * A datetime normalised to "YYYY-MM-DD HH:MM:SS" (UTC is assumed: the spec does not say).
 * ISO strings and bare dates are accepted; missing, empty or unreadable values become null,
 * because a bad date should not hide the record it belongs to.
 */
export const datetime = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => normalizeDatetime(v));

export function normalizeDatetime(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const s = v.trim();
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', se = '00', zone] = m;
  if (zone && zone !== 'Z') {
    const at = new Date(s.replace(' ', 'T'));
    return Number.isNaN(at.getTime()) ? null : formatDatetime(at);
  }
  const at = new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +se));
  if (at.getUTCFullYear() !== +y! || at.getUTCMonth() !== +mo! - 1 || at.getUTCDate() !== +d!) return null;
  return formatDatetime(at);
}

export function formatDatetime(at: Date): string {
  return at.toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * A JSON object taken as it is. Not z.record: rebuilding the object would assign a "__proto__"
 * key through the setter, so the entry would vanish (or, with an object value, swap a prototype).
 */
const plainObject = z.custom<Record<string, unknown>>(
  (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  'expected an object',
);

/** A label → count entry of a statistics map. */
export interface Tally {
  label: string;
  count: number;
}

/**
 * A statistics map ({"Germany": "3"}) or the integer 0 for "empty" → a list sorted by count.
 * A list, not an object, so labels like "__proto__" are plain data and never touch a prototype.
 */
export const tallies = z
  .union([z.literal(0), z.literal('0'), z.array(z.never()), plainObject])
  .nullish()
  .transform((v, ctx) => {
    if (v === 0 || v === '0' || v === null || v === undefined || Array.isArray(v)) return [] as Tally[];
    const out: Tally[] = [];
    for (const [label, raw] of Object.entries(v)) {
      const parsed = count.safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'expected a count', path: [label] });
        return z.NEVER;
      }
      out.push({ label: label.slice(0, 200), count: parsed.data });
    }
    return out.sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  });

/** A name → URL map (targeting) → a list of pairs, for the same prototype-safety reason. */
export const targetMap = z
  .union([z.literal(0), z.array(z.never()), plainObject])
  .nullish()
  .transform((v) => {
    if (v === 0 || v === null || v === undefined || Array.isArray(v)) return [] as { name: string; link: string }[];
    return Object.entries(v).map(([name, link]) => ({
      name: name.slice(0, 200),
      link: typeof link === 'string' ? link.slice(0, MAX_URL) : '',
    }));
  });
