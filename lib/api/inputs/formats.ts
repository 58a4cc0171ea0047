import { z } from 'zod';
import { type MessageKey, words } from '../../words';
import { webUrlProblem } from '../web-url';

/**
 * Field formats for what we send. The same schemas validate the forms, so a person sees the
 * message before anything is queued, and the client checks again before anything is sent.
 * Messages are catalogue keys with their values (lib/words.ts): the view says them in the interface's language.
 */

export const MAX_INPUT_URL = 2048;

/** An absolute http(s) URL with a host; no spaces, no other schemes, at most 2048 characters. */
export const webUrlInput = z
  .string({ error: words('input.url.missing') })
  .trim()
  .min(1, words('input.url.missing'))
  .max(MAX_INPUT_URL, words('input.url.tooLong', { max: MAX_INPUT_URL }))
  .superRefine((value, ctx) => {
    const problem = webUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const hexColorInput = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, words('input.hexColour'));

export const rgbColorInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    const m = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(value);
    if (!m || m.slice(1).some((n) => Number(n) > 255)) {
      ctx.addIssue({ code: 'custom', message: words('input.rgbColour') });
    }
  })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase());

/** "YYYY-MM-DD HH:MM:SS", a date that exists. Whether it lies in the future is checked with the client's clock. */
export const datetimeInput = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (!isRealDatetime(value)) ctx.addIssue({ code: 'custom', message: words('input.datetime') });
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
      ctx.addIssue({ code: 'custom', message: words('input.alias.length', { min: 3, max: 32 }) });
    else if (!ALIAS_PATTERN.test(value)) ctx.addIssue({ code: 'custom', message: words('input.alias.characters') });
  });

export const serverId = z
  .number({ error: words('input.chooseItem') })
  .int()
  .positive(words('input.chooseItem'));

/** Text of at most `max` characters; `tooLong` is the field's own sentence ("The meta title can be at most {max} …"). */
export function limitedText(tooLong: MessageKey, max: number) {
  return z.string().max(max, words(tooLong, { max }));
}
