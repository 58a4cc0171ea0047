import { z } from 'zod';

/**
 * Field formats for what we send. The same schemas validate the forms, so a person sees the
 * message before anything is queued, and the client checks again before anything is sent.
 */

export const MAX_INPUT_URL = 2048;

/** An absolute http(s) URL with a host; no spaces, no other schemes, at most 2048 characters. */
export const webUrlInput = z
  .string({ error: 'Enter a URL.' })
  .trim()
  .min(1, 'Enter a URL.')
  .max(MAX_INPUT_URL, `A URL can be at most ${MAX_INPUT_URL} characters long.`)
  .superRefine((value, ctx) => {
    const problem = webUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export function webUrlProblem(value: string): string | null {
  if (/\s/.test(value)) return 'A URL cannot contain spaces.';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (!scheme) return 'Enter a full URL starting with https:// or http://.';
  if (scheme !== 'http' && scheme !== 'https') return `Only http and https URLs can be used, not ${scheme}:.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'This is not a valid URL.';
  }
  if (!url.hostname) return 'The URL needs a host name.';
  if (!/^[^.\s]+(\.[^.\s]+)+$|^localhost$|^\[[0-9a-f:]+\]$/i.test(url.hostname))
    return 'The URL needs a full host name, like example.com.';
  return null;
}

export const hexColorInput = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Use a HEX colour like #1a2b3c.');

export const rgbColorInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
    if (!m || m.slice(1).some((n) => Number(n) > 255)) {
      ctx.addIssue({ code: 'custom', message: 'Use a colour like rgb(0,0,0), each number from 0 to 255.' });
    }
  })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase());

/** "YYYY-MM-DD HH:MM:SS", a date that exists. Whether it lies in the future is checked with the client's clock. */
export const datetimeInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!isRealDatetime(value))
      ctx.addIssue({ code: 'custom', message: 'Use the form YYYY-MM-DD HH:MM:SS with a real date and time.' });
  });

export function isRealDatetime(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && h < 24 && mi < 60 && s < 60
  );
}

export const ALIAS_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const aliasInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value.length < 3 || value.length > 32)
      ctx.addIssue({ code: 'custom', message: 'An alias has 3 to 32 characters.' });
    else if (!ALIAS_PATTERN.test(value))
      ctx.addIssue({ code: 'custom', message: 'An alias may use only letters a–z, digits, - and _.' });
  });

export const serverId = z.number({ error: 'Choose an item.' }).int().positive('Choose an item.');

export function limitedText(label: string, max: number) {
  return z.string().max(max, `${label} can be at most ${max} characters long.`);
}
