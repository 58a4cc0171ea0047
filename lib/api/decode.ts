import type { z } from 'zod';
import { words } from '../words';
import { ApiError } from './errors';
import { retryTime } from './rate-limit';
import { fieldOfMessage, refusalInWords } from './refusals';
import { errorFlag } from './schemas/primitives';
import type { RawResponse } from './transport';

/**
 * Turns a raw response into the operation's typed result, or into an ApiError that says what
 * went wrong. `write` marks requests that change data: their unreadable answers are ambiguous.
 */
export function decode<S extends z.ZodType>(
  response: RawResponse,
  schema: S,
  now: number,
  write: boolean,
  sent: readonly string[] = [],
): z.infer<S> {
  const body = isObject(response.json) ? response.json : null;
  const flag = body ? errorFlag.safeParse(body.error) : null;
  if (response.status >= 400 || (flag?.success && flag.data === 1))
    throw errorFromResponse(response, body, now, write, sent);
  if (response.status < 200 || response.status >= 300) {
    throw new ApiError({
      kind: 'bad-response',
      status: response.status,
      message: words('service.http', { status: String(response.status) }),
      ambiguous: write,
    });
  }
  if (!body) {
    throw new ApiError({
      kind: 'bad-response',
      status: response.status,
      message: words('service.notJson'),
      // A cut-off or garbled answer says nothing about the next one: worth another try.
      retryable: true,
      ambiguous: write,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : null;
    throw new ApiError({
      kind: 'bad-response',
      status: response.status,
      field,
      message: field
        ? words('service.shapeAt', { field, problem: issue?.message ?? '' })
        : words('service.shape', { problem: issue?.message ?? '' }),
      ambiguous: write,
    });
  }
  return parsed.data;
}

/** An answer that refuses the API key itself: every request with it would be refused alike. */
export const refusesKey = (status: number): boolean => status === 401 || status === 403;

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The service's text as a message of ours that quotes it: it is never read as a catalogue key. */
function theirs(serverMessage: string | null): string | null {
  return serverMessage === null ? null : words('refusal.serviceSays', { text: serverMessage });
}

function errorFromResponse(
  response: RawResponse,
  body: Record<string, unknown> | null,
  now: number,
  write: boolean,
  sent: readonly string[],
): ApiError {
  const raw = body?.message;
  const serverMessage = typeof raw === 'string' && raw.trim() !== '' ? raw.trim().slice(0, 500) : null;
  const status = response.status;
  const base = { status, serverMessage, field: fieldOfMessage(serverMessage) };
  if (refusesKey(status)) {
    return new ApiError({ ...base, kind: 'auth', message: theirs(serverMessage) ?? words('service.keyRefused') });
  }
  if (status === 429) {
    const retryAt = retryTime(response.rateLimit, now);
    const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
    return new ApiError({
      ...base,
      kind: 'rate-limited',
      retryAt,
      message: words('service.tooMany', { seconds }),
    });
  }
  if (status === 404)
    return new ApiError({ ...base, kind: 'not-found', message: theirs(serverMessage) ?? words('service.notFound') });
  if (status >= 500) {
    return new ApiError({
      ...base,
      kind: 'server',
      ambiguous: write,
      message: words('service.failed', { status: String(status) }),
    });
  }
  if (!serverMessage)
    return new ApiError({ ...base, kind: 'validation', message: words('service.refused', { status: String(status) }) });
  // A refusal is shown to the person at its field, in their language (lib/api/refusals.ts).
  return new ApiError({ ...base, kind: 'validation', ...refusalInWords(serverMessage, sent) });
}
