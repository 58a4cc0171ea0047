import { describe, expect, it } from 'vitest';
import { readRateLimit } from '@/lib/api/rate-limit';
import { BudgetStore, budgetedFetch } from '@/lib/sync/budget-store';
import { freshDb } from './db';

const T = 1_800_000_000_000;
const RESET_S = String(Math.ceil((T + 60_000) / 1000));

/**
 * A service counting requests against one key, as the rate-limit headers report them. `resend`
 * makes it count the next request twice, as when the browser resends a POST by itself.
 */
function countingService() {
  let used = 0;
  let resend = false;
  const fetch = (async () => {
    // Answers take a moment, so requests sent together overlap on the wire.
    await new Promise((r) => setTimeout(r, 5));
    used += resend ? 2 : 1;
    resend = false;
    return new Response('{}', {
      headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': String(30 - used), 'X-RateLimit-Reset': RESET_S },
    });
  }) as typeof globalThis.fetch;
  return { fetch, resendNext: () => (resend = true), countElsewhere: () => (used += 1) };
}

function client(service: ReturnType<typeof countingService>) {
  const store = new BudgetStore(freshDb(), () => T);
  const uncounted: number[] = [];
  const send = budgetedFetch({
    store,
    priority: () => 1,
    fetch: service.fetch,
    sleep: async () => undefined,
    now: () => T,
    maxInlineWaitMs: 1_000,
    onUncounted: (n) => uncounted.push(n),
  });
  // As the API client does with every answer.
  const request = async () => {
    const response = await send('http://127.0.0.1/api/x');
    await store.observe(readRateLimit(response.headers, T), response.status);
  };
  return { request, send, uncounted };
}

describe('requests the service counted but this client did not send', () => {
  it('an answer counting one request more than was sent is reported; ordinary answers are not', async () => {
    const service = countingService();
    const c = client(service);
    await c.request();
    await c.request();
    expect(c.uncounted).toEqual([]);
    service.resendNext();
    await c.request();
    expect(c.uncounted).toEqual([1]);
    await c.request();
    expect(c.uncounted).toEqual([1]);
  });

  it('nothing is judged before the count is known, nor while requests overlap', async () => {
    const service = countingService();
    const c = client(service);
    service.resendNext();
    await c.request();
    expect(c.uncounted).toEqual([]);
    service.countElsewhere();
    // Two on the wire at once: either answer could include the other, so neither is judged.
    await Promise.all([c.send('http://127.0.0.1/a'), c.send('http://127.0.0.1/b')]);
    expect(c.uncounted).toEqual([]);
  });
});
