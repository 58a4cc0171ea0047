import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/start';
import { call, expectError, serverPerFile } from './http';

const ctx = serverPerFile();
const s = () => ctx.server;

describe('authentication', () => {
  it('missing, malformed, unknown and expired keys are 401 with an error body and rate-limit headers', async () => {
    expectError(await call(s(), 'GET', '/api/account', undefined, null), 401, /Missing API key/);
    expectError(
      await call(s(), 'GET', '/api/account', undefined, null, { Authorization: 'Basic abc' }),
      401,
      /Malformed Authorization/,
    );
    const unknown = await call(s(), 'GET', '/api/account', undefined, 'no-such-key');
    expectError(unknown, 401, /invalid/);
    expect(unknown.headers.get('x-ratelimit-limit')).not.toBeNull();
    const expired = s().createAccount({
      email: 'old@linkpilot.test',
      apiKey: 'expired-key-0001',
      keyExpires: '2000-01-01 00:00:00',
    });
    expect(expired.apiKey).toBe('expired-key-0001');
    expectError(await call(s(), 'GET', '/api/account', undefined, 'expired-key-0001'), 401, /expired/);
  });

  it('one account never sees or touches another account’s records', async () => {
    const other = s().createAccount({ email: 'other@linkpilot.test' });
    const mine = (await call(s(), 'POST', '/api/channel/add', { name: 'Mine only' })).json.id;
    const link = (
      await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/private-thing', custom: 'mine-only' })
    ).json.id;
    const as = (method: string, path: string, body?: unknown) => call(s(), method, path, body, other.apiKey);
    expect((await as('GET', '/api/channels')).json.data.channels).toEqual([]);
    expect((await as('GET', '/api/urls')).json.data.urls).toEqual([]);
    expect((await as('GET', '/api/account')).json.data.email).toBe('other@linkpilot.test');
    expectError(await as('GET', `/api/channel/${mine}`), 404, /not found/);
    expectError(await as('PUT', `/api/channel/${mine}/update`, { name: 'stolen' }), 404, /not found/);
    expectError(await as('DELETE', `/api/channel/${mine}/delete`), 404, /not found/);
    expectError(await as('GET', `/api/url/${link}`), 404, /not found/);
    // "No match" is a 200 with error 1 (what clients of the hosted service expect).
    expectError(await as('GET', '/api/urls?short=mine-only'), 200, /no link/);
    const theirs = (await as('POST', '/api/channel/add', { name: 'Theirs' })).json.id;
    expectError(await as('POST', `/api/channel/${theirs}/assign/links/${link}`), 404, /Link not found/);
    expect((await call(s(), 'GET', `/api/channel/${mine}`)).status).toBe(200);
  });
});

describe('rate limit', () => {
  it('every response carries the headers; over the limit is 429 with Retry-After, and the next window is open', async () => {
    const limited = await startServer({ port: 0, db: ':memory:', rateLimit: 5, rateWindowSec: 2 });
    try {
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await call(limited, 'GET', '/api/account'));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.headers.get('x-ratelimit-remaining'))).toEqual(['4', '3', '2', '1', '0', '0', '0']);
      const refused = answers[5]!;
      expectError(refused, 429, /Rate limit exceeded/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const reset = Number(refused.headers.get('x-ratelimit-reset'));
      // Epoch seconds, within the window.
      expect(reset * 1000).toBeGreaterThan(Date.now() - 1000);
      expect(reset * 1000).toBeLessThanOrEqual(Date.now() + 3000);
      await new Promise((r) => setTimeout(r, Math.max(0, reset * 1000 - Date.now()) + 50));
      const again = await call(limited, 'GET', '/api/account');
      expect(again.status).toBe(200);
      expect(again.headers.get('x-ratelimit-remaining')).toBe('4');
      // Each key has its own budget.
      const other = limited.createAccount({ email: 'b@linkpilot.test' });
      expect(
        (await call(limited, 'GET', '/api/account', undefined, other.apiKey)).headers.get('x-ratelimit-remaining'),
      ).toBe('4');
      // Redirects are not rate limited.
      for (let i = 0; i < 8; i++) expect((await fetch(`${limited.url}/demo`, { redirect: 'manual' })).status).toBe(302);
    } finally {
      await limited.close();
    }
  });
});
