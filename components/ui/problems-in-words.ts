import type { FieldErrors } from '@/lib/api/validate-input';
import { raw, t } from '@/lib/browser/i18n';

// Keys named by lib/ schemas are plain messages, without placeholders.
const say = t as (key: string) => string;
const isKnownKey = (message: string) => /^[\w.]+$/.test(message) && raw(message as Parameters<typeof raw>[0]) !== '';

/**
 * Problems found by lib/ schemas name their message by its catalogue key ("utm.problem.tooLong");
 * here they become words. A message the catalogue does not know (zod's own) is shown as it came.
 */
export function problemsInWords(problems: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(problems).map(([field, message]) => [field, isKnownKey(message) ? say(message) : message]),
  );
}
