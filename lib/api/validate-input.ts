import type { z } from 'zod';
import { words } from '../words';
import { ApiError } from './errors';

/** Every problem of a form or request body, keyed by field path ("data.email", "geotarget.0.link"). */
export type FieldErrors = Record<string, string>;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** Parses what is about to be sent; a problem becomes a validation ApiError before any request. */
export function validateInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : null;
  throw new ApiError({
    kind: 'validation',
    field,
    message: issue?.message ?? words('input.invalid'),
    retryable: false,
  });
}

/** A server's message as shown next to the field it names (without its "field: " prefix). */
export function messageForField(message: string, field: string | null): string {
  return field && message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}
