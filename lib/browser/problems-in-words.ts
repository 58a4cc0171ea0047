import { ApiError, isApiError, type SerializedApiError, type Wording } from '../api/errors';
import { storedRefusal } from '../api/refusals';
import { type FieldErrors, messageForField } from '../api/validate-input';
import { type MessageValues, readWords } from '../words';
import { raw, t, uiLocale } from './i18n';

/** Numbers in a message as the interface writes them (the worker has no view to ask). */
const formatNumber = (value: number) => new Intl.NumberFormat(uiLocale()).format(value);

const say = t as (key: string, values?: Record<string, string | number>) => string;
const isKnownKey = (key: string) => raw(key as Parameters<typeof raw>[0]) !== '';

/**
 * A message from lib/ (`words` in lib/words.ts: a catalogue key with its values) in words, its
 * numbers written in the interface language. Text the catalogue does not know (a server's own
 * message, zod's, a change queued by an earlier version) is shown as it came.
 */
export function problemInWords(message: string, values?: MessageValues): string {
  const read = readWords(message);
  return read ? (wordingInWords(read, values) ?? message) : message;
}

function wordingInWords(wording: Wording, values?: MessageValues): string | null {
  if (!isKnownKey(wording.key)) return null;
  const named = Object.entries({ ...wording.values, ...values });
  return say(wording.key, Object.fromEntries(named.map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v])));
}

/**
 * An error in words from its typed wording alone; its message is never read for a key. Without a
 * wording it is text already in words, or the service's own, shown as the service's.
 */
function apiErrorInWords(error: ApiError, text = error.message): string {
  const ours = error.wording ? wordingInWords(error.wording) : null;
  if (ours !== null) return ours;
  return error.serverMessage !== null && text === error.serverMessage
    ? say('refusal.serviceSays', { text: error.serverMessage })
    : text;
}

/** A change's stored error in words (one of an earlier version's is read as it wrote it, see ApiError.from). */
export function storedErrorInWords(error: SerializedApiError): string {
  return apiErrorInWords(ApiError.from(storedRefusal(error)));
}

/** Every field's problem in words. */
export function problemsInWords(problems: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, problemInWords(message)]));
}

/** What went wrong, for a person: an ApiError's message in words, anything else as `fallback`. */
export function errorInWords(error: unknown, fallback: string): string {
  return isApiError(error) ? apiErrorInWords(error) : fallback;
}

/** The same, shown next to the field the error names: a server's "custom: is taken" reads "is taken" there. */
export function errorBesideField(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  return error.wording ? apiErrorInWords(error) : apiErrorInWords(error, messageForField(error.message, error.field));
}
