import { z } from 'zod';

/**
 * What stored text may contain. Control characters are refused rather than stripped, so the
 * client learns which field was wrong: C0 and C1 controls and DEL (NUL, BEL, CR, LF, ESC, …),
 * the line and paragraph separators, and the bidirectional embeddings, overrides and isolates,
 * which make "evil\u202Etxt.exe" display as "evilexe.txt". The bidi marks (U+200E, U+200F) stay
 * allowed: right-to-left names need them.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Multi-line text (notes, QR text, message bodies) may also hold tab, CR and LF. */
const CONTROL_IN_PARAGRAPH =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** Text made only of white space and zero-width characters looks empty while it is not. */
const INVISIBLE_ONLY = /^[\s\u00ad\u180e\u200b-\u200d\u2060\ufeff]+$/;

const CONTROL_MESSAGE = 'must not contain control characters';

export const hasLineControls = (value: string) => CONTROL_IN_LINE.test(value);

/** For `.refine(...withoutControls)` on single-line strings that have rules of their own (URLs, addresses). */
export const withoutControls = [(value: string) => !hasLineControls(value), CONTROL_MESSAGE] as const;

function textRule(max: number, controls: RegExp, { trim, required }: { trim: boolean; required: boolean }) {
  const base = z.string({ error: required ? 'is required and must be a string' : 'must be a string' });
  return (trim ? base.trim() : base)
    .min(required ? 1 : 0, 'is required')
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !controls.test(v), CONTROL_MESSAGE)
    .refine((v) => v === '' || !INVISIBLE_ONLY.test(v), 'must contain visible characters');
}

/** A single-line field: a name, a title, a label. Trimmed. */
export const line = (max: number, { required = false } = {}) =>
  textRule(max, CONTROL_IN_LINE, { trim: true, required });

/** A single-line secret (a Wi-Fi password): not trimmed, since its spaces may be part of it. */
export const secretLine = (max: number) => textRule(max, CONTROL_IN_LINE, { trim: false, required: false });

/** A field that may span lines: a note, a message body, QR text. */
export const paragraph = (max: number, { required = false } = {}) =>
  textRule(max, CONTROL_IN_PARAGRAPH, { trim: true, required });
