import { formatNumber } from '@/components/ui/format';
import type { FieldErrors } from '@/lib/api/validate-input';
import { raw, t } from '@/lib/browser/i18n';

const say = t as (key: string, values?: Record<string, string | number>) => string;
const isKnownKey = (message: string) => /^[\w.]+$/.test(message) && raw(message as Parameters<typeof raw>[0]) !== '';

/**
 * A problem found in lib/ names its message by catalogue key ("utm.problem.tooLong"), with the
 * values it needs; here it becomes words, its numbers written in the interface language. A message the catalogue does not know (zod's own, or
 * one lib/ still writes out) is shown as it came.
 */
export function problemInWords(message: string, values?: Record<string, string | number>): string {
  if (!isKnownKey(message)) return message;
  const written = Object.entries(values ?? {}).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v]);
  return say(message, Object.fromEntries(written));
}

/** Every field's problem in words. */
export function problemsInWords(problems: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(problems).map(([field, message]) => [field, problemInWords(message)]));
}
