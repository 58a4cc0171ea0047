/**
 * Reads the X-RateLimit-* and Retry-After headers of a response into one absolute picture of
 * the budget. Used on every response, success or failure.
 */
export interface RateLimitInfo {
  limit: number;
  /** Requests left in the window; null when the service did not say (treat as unknown, not as plenty). */
  remaining: number | null;
  /** When the window resets, epoch ms; null when unknown. */
  resetAt: number | null;
  /** Retry-After as an absolute time, epoch ms, when sent. */
  retryAt: number | null;
  /** Whether the numbers came from the response or are the documented defaults. */
  source: 'headers' | 'default';
}

/** The documented limit: 30 requests per minute. */
export const DEFAULT_LIMIT = 30;
export const DEFAULT_WINDOW_MS = 60_000;

/**
 * X-RateLimit-Reset's unit is not specified, so it is decided by magnitude:
 * - ≥ 1e11: epoch milliseconds (1e11 ms is 1973; as seconds it would be the year 5138);
 * - ≥ 1e8: epoch seconds (1e8 s is 1973; no window lasts three years);
 * - otherwise: seconds from now.
 * An HTTP date is accepted too. Anything else counts as missing.
 */
export function parseReset(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (n >= 1e11) return Math.round(n);
    if (n >= 1e8) return Math.round(n * 1000);
    return now + Math.round(n * 1000);
  }
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : date;
}

/** Retry-After is either delay-seconds or an HTTP date (RFC 9110 §10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return now + Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : date;
}

function nonNegativeInt(value: string | null): number | null {
  if (value === null || !/^\s*\d{1,9}\s*$/.test(value)) return null;
  return Number(value);
}

export function readRateLimit(headers: Headers, now: number): RateLimitInfo {
  const limit = nonNegativeInt(headers.get('X-RateLimit-Limit'));
  const remaining = nonNegativeInt(headers.get('X-RateLimit-Remaining'));
  const resetAt = parseReset(headers.get('X-RateLimit-Reset'), now);
  const retryAt = parseRetryAfter(headers.get('Retry-After'), now);
  const usable = limit !== null && limit > 0;
  return {
    limit: usable ? limit : DEFAULT_LIMIT,
    remaining: usable ? (remaining === null ? null : Math.min(remaining, limit)) : null,
    // A reset far in the past or beyond a day is garbage: fall back to "unknown".
    resetAt: resetAt !== null && resetAt > now - DEFAULT_WINDOW_MS && resetAt < now + 86_400_000 ? resetAt : null,
    retryAt: retryAt !== null && retryAt < now + 86_400_000 ? Math.max(retryAt, now) : null,
    source: usable ? 'headers' : 'default',
  };
}

/** When a rate-limited request may be tried again: Retry-After, else the reset, else a full default window. */
export function retryTime(info: RateLimitInfo, now: number): number {
  return info.retryAt ?? info.resetAt ?? now + DEFAULT_WINDOW_MS;
}
