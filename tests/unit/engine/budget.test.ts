import { describe, expect, it } from 'vitest';
import type { RateLimitInfo } from '@/lib/api/rate-limit';
import { BACKOFF_CAP_MS, backoffDelay } from '@/lib/engine/backoff';
import {
  available,
  type Budget,
  initialBudget,
  observe,
  PERSON_ACTIVE_MS,
  RESERVE,
  spend,
  waitFor,
} from '@/lib/engine/budget';
import { BudgetStore, BudgetWait } from '@/lib/engine/budget-store';

import { freshDb } from '../sync/db';

const T = 1_800_000_000_000;
const headers = (remaining: number, resetIn: number, limit = 30): RateLimitInfo => ({
  limit,
  remaining,
  resetAt: T + resetIn,
  retryAt: null,
  source: 'headers',
});

describe('budget arithmetic', () => {
  it('follows the service: remaining from the headers, minus what we sent since', () => {
    let b = observe(initialBudget(), headers(10, 20_000), 200, T);
    expect(available(b, T)).toBe(10);
    b = spend(b, T + 1);
    b = spend(b, T + 2);
    expect(available(b, T + 3)).toBe(8);
  });

  it('keeps a reserve per priority: the user may use the last request, background work may not', () => {
    const b = observe(initialBudget(), headers(RESERVE[2], 5_000), 200, T);
    expect(waitFor(b, 0, T)).toBe(0);
    expect(waitFor(b, 1, T)).toBe(0);
    expect(waitFor(b, 2, T)).toBe(5_000);
    const last = observe(initialBudget(), headers(1, 5_000), 200, T);
    expect(waitFor(last, 0, T)).toBe(0);
    expect(waitFor(last, 1, T)).toBe(5_000);
  });

  it('a spent budget waits until the reset, then starts over', () => {
    const b = observe(initialBudget(), headers(0, 3_000), 200, T);
    expect(waitFor(b, 0, T)).toBe(3_000);
    expect(waitFor(b, 0, T + 3_000)).toBe(0);
    expect(available(b, T + 3_000)).toBe(30);
  });

  it('a 429 empties the budget until Retry-After (or the reset)', () => {
    const b = observe(
      initialBudget(),
      { limit: 30, remaining: null, resetAt: null, retryAt: T + 7_000, source: 'default' },
      429,
      T,
    );
    expect(available(b, T)).toBe(0);
    expect(waitFor(b, 0, T)).toBe(7_000);
  });

  it('without headers it counts its own requests against 30 per minute', () => {
    let b: Budget = initialBudget();
    for (let i = 0; i < 30; i++) b = spend(b, T + i * 10);
    expect(available(b, T + 400)).toBe(0);
    // The first of the 30 leaves the window a minute after it was sent.
    expect(waitFor(b, 0, T + 400)).toBe(60_000 - 400);
    expect(available(b, T + 60_001)).toBe(1);
  });

  it("a read before a write goes only with room for both: the window's last request waits for the next window", () => {
    // The outbox keeps one back (RESERVE[1]): two left leave it one, enough for a read, not for its write.
    const b = observe(initialBudget(), headers(RESERVE[1] + 1, 4_000), 200, T);
    expect(waitFor(b, 1, T)).toBe(0);
    expect(waitFor(b, 1, T, 2)).toBe(4_000);
    expect(waitFor(observe(b, headers(RESERVE[1] + 2, 4_000), 200, T), 1, T, 2)).toBe(0);
    // Without headers, as many of its own sends must leave the window as the two need.
    let own: Budget = initialBudget();
    for (let i = 0; i < 29 - RESERVE[1]; i++) own = spend(own, T + i * 10);
    expect(waitFor(own, 1, T + 400)).toBe(0);
    expect(waitFor(own, 1, T + 400, 2)).toBe(60_000 - 400);
    // A window too small for both lets them go one by one rather than never.
    const tiny = observe(initialBudget(), headers(2, 4_000, 2), 200, T);
    expect(waitFor(tiny, 1, T, 2)).toBe(0);
  });

  it('a count heard without a reset time is not trusted past one window', () => {
    const b = observe(
      initialBudget(),
      { limit: 30, remaining: 0, resetAt: null, retryAt: null, source: 'headers' },
      200,
      T,
    );
    expect(available(b, T + 1_000)).toBe(0);
    expect(available(b, T + 60_000)).toBe(30);
  });
});

describe('backoff', () => {
  it('grows exponentially with jitter and stays under the cap', () => {
    const low = () => 0;
    const high = () => 0.999;
    expect(backoffDelay(1, low)).toBe(1_000);
    expect(backoffDelay(1, high)).toBeLessThanOrEqual(2_000);
    expect(backoffDelay(3, low)).toBe(4_000);
    expect(backoffDelay(30, high)).toBeLessThanOrEqual(BACKOFF_CAP_MS);
    expect(backoffDelay(30, low)).toBe(BACKOFF_CAP_MS / 2);
  });
});

describe('background work and a person using the extension', () => {
  it('while a person has sent requests in the last two minutes, background work keeps a third of the minute free', () => {
    const quiet = observe(initialBudget(), headers(9, 30_000), 200, T);
    expect(waitFor(quiet, 2, T)).toBe(0);
    const busy = observe(spend(initialBudget(), T - 60_000, 'user'), headers(9, 30_000), 200, T);
    expect(waitFor(busy, 2, T)).toBe(30_000);
    // The outbox and the person themselves are not held back.
    expect(waitFor(busy, 1, T)).toBe(0);
    // Two minutes after the person's last request, the usual reserve again.
    const later = T + PERSON_ACTIVE_MS + 60_000;
    const after = observe(busy, { ...headers(9, 30_000), resetAt: later + 30_000 }, 200, later);
    expect(waitFor(after, 2, later)).toBe(0);
  });
});

describe('the budget store', () => {
  it('looks and counts in one step: two requests sent beside each other cannot both take the last one', async () => {
    let t = T;
    const store = new BudgetStore(freshDb(), () => ++t);
    // One request left in the window for a person (priority 0 keeps no reserve).
    await store.observe(headers(1, 30_000), 200);
    const sleep = async () => undefined;
    const outcomes = await Promise.allSettled([store.take(0, 'user', 0, sleep), store.take(0, 'user', 0, sleep)]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(BudgetWait);
  });
});
