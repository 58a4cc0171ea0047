import type { FieldErrors } from '@/lib/api/validate-input';

/**
 * The errors left once a field's value changes: an error is about the value that was checked, so it
 * goes as soon as the person edits that field (its own key and its parts, "geotarget" and
 * "geotarget.0.link"), and the next save checks again. Every form clears its errors this way.
 */
export function withoutField(errors: FieldErrors, name: string): FieldErrors {
  const left = Object.entries(errors).filter(([key]) => key !== name && !key.startsWith(`${name}.`));
  return left.length === Object.keys(errors).length ? errors : Object.fromEntries(left);
}
