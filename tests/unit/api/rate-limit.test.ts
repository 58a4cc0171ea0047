import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMIT, parseReset, readRateLimit, retryTime } from '@/lib/api/rate-limit';

const now = Date.UTC(2026, 10, 22, 12, 0, 0);

describe('X-RateLimit-Reset is read by magnitude', () => {
  it.each([
    ['epoch seconds', String(now / 1000 + 40), now + 40_000],
    ['epoch milliseconds', String(now + 40_000), now + 40_000],
    ['seconds left', '40', now + 40_000],
    ['fractional seconds left', '1.5', now + 1500],
    ['an HTTP date', new Date(now + 40_000).toUTCString(), now + 40_000],
  ])('%s', (_name, header, expected) => {
    expect(parseReset(header, now)).toBe(expected);
  });

  it('garbage is missing', () => {
    expect(parseReset('soon', now)).toBeNull();
    expect(parseReset(null, now)).toBeNull();
  });
});

describe('readRateLimit', () => {
  it('reads all three headers', () => {
    const info = readRateLimit(
      new Headers({
        'X-RateLimit-Limit': '30',
        'X-RateLimit-Remaining': '12',
        'X-RateLimit-Reset': String(now / 1000 + 20),
      }),
      now,
    );
    expect(info).toEqual({ limit: 30, remaining: 12, resetAt: now + 20_000, retryAt: null, source: 'headers' });
  });

  it('falls back to the documented 30 per minute when headers are missing or garbled', () => {
    for (const headers of <Record<string, string>[]>[
      {},
      { 'X-RateLimit-Limit': 'lots', 'X-RateLimit-Remaining': '-4' },
      { 'X-RateLimit-Limit': '0' },
    ]) {
      const info = readRateLimit(new Headers(headers), now);
      expect(info).toMatchObject({ limit: DEFAULT_LIMIT, remaining: null, source: 'default' });
    }
  });

  it('clamps remaining to the limit and drops resets that are absurd', () => {
    const info = readRateLimit(
      new Headers({ 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '500', 'X-RateLimit-Reset': '99999999999999' }),
      now,
    );
    expect(info.remaining).toBe(30);
    expect(info.resetAt).toBeNull();
  });

  it('honours Retry-After (seconds or a date) before the reset', () => {
    const seconds = readRateLimit(new Headers({ 'Retry-After': '7', 'X-RateLimit-Reset': '40' }), now);
    expect(retryTime(seconds, now)).toBe(now + 7000);
    const date = readRateLimit(new Headers({ 'Retry-After': new Date(now + 9000).toUTCString() }), now);
    expect(retryTime(date, now)).toBe(now + 9000);
    expect(retryTime(readRateLimit(new Headers(), now), now)).toBe(now + 60_000);
  });
});
