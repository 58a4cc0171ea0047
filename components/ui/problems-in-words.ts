import { formatNumber } from '@/components/ui/format';
import { isApiError } from '@/lib/api/errors';
import { type FieldErrors, messageForField } from '@/lib/api/validate-input';
import { raw, t } from '@/lib/browser/i18n';
import { type MessageValues, readWords } from '@/lib/words';

const say = t as (key: string, values?: Record<string, string | number>) => string;
const isKnownKey = (key: string) => raw(key as Parameters<typeof raw>[0]) !== '';

/**
 * A message from lib/ (`words` in lib/words.ts: a catalogue key with its values) in words, its
 * numbers written in the interface language. Text the catalogue does not know (a server's own
 * message, zod's, a change queued by an earlier version) is shown as it came.
 */
export function problemInWords(message: string, values?: MessageValues): string {
  const read = readWords(message);
  if (!read || !isKnownKey(read.key)) return message;
  const named = Object.entries({ ...read.values, ...values });
  return say(read.key, Object.fromEntries(named.map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v])));
}

/** Every field's problem in words. */
export function problemsInWords(problems: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, problemInWords(message)]));
}

/** What went wrong, for a person: an ApiError's message in words, anything else as `fallback`. */
export function errorInWords(error: unknown, fallback: string): string {
  return isApiError(error) ? problemInWords(error.message) : fallback;
}

/** The same, shown next to the field the error names: a server's "custom: is taken" reads "is taken" there. */
export function errorBesideField(error: unknown, fallback: string): string {
  return isApiError(error) ? problemInWords(messageForField(error.message, error.field)) : fallback;
}
