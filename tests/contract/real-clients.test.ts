import { describe, expect, it } from 'vitest';
import { call, expectError, serverPerFile, withServer } from './http';

/**
 * What public clients of the hosted service send and expect, where the spec says "not shown":
 * the local service behaves as they show the hosted one does.
 */
const ctx = serverPerFile();
const s = () => ctx.server;

describe('short URL look-up without a match', () => {
  it('is HTTP 200 with error 1, so clients that raise on the status still read the answer', async () => {
    const none = await call(s(), 'GET', '/api/urls?short=no-such-alias');
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ error: 1, message: 'short: no link with that short URL' });
    const found = await call(s(), 'GET', `/api/urls?short=${encodeURIComponent(`${s().url}/demo`)}`);
    expect(found.json).toMatchObject({ error: 0, details: { shorturl: `${s().url}/demo` } });
  });
});

describe('the Authorization header', () => {
  it('accepts the bare key that older clients send, as the same key', async () => {
    const bare = await call(s(), 'GET', '/api/account', undefined, null, { Authorization: s().apiKey });
    expect(bare.status).toBe(200);
    expect(bare.json.data.email).toBe('demo@linkpilot.test');
    expect(bare.headers.get('x-ratelimit-limit')).not.toBeNull();
    expectError(
      await call(s(), 'GET', '/api/account', undefined, null, { Authorization: 'not-a-known-key' }),
      401,
      /invalid/,
    );
    expectError(
      await call(s(), 'GET', '/api/account', undefined, null, { Authorization: `Token ${s().apiKey}` }),
      401,
      /Malformed/,
    );
    expectError(
      await call(s(), 'GET', '/api/account', undefined, null, { Authorization: `${s().apiKey} extra` }),
      401,
      /Malformed/,
    );
  });
});

describe('short links on a branded domain', () => {
  it('accept the domain as a bare host when it is one of the account’s domains', async () => {
    const bare = await call(s(), 'POST', '/api/url/add', {
      url: 'https://example.com/bare-host',
      domain: 'go.linkpilot.test',
    });
    expect(bare.status, bare.text).toBe(200);
    expect(bare.json.shorturl).toMatch(/^https:\/\/go\.linkpilot\.test\/\w+$/);
    const cased = await call(s(), 'POST', '/api/url/add', {
      url: 'https://example.com/cased',
      domain: 'GO.linkpilot.test',
    });
    expect(cased.json.shorturl).toMatch(/^https:\/\/go\.linkpilot\.test\//);
    const full = await call(s(), 'POST', '/api/url/add', {
      url: 'https://example.com/full',
      domain: 'https://go.linkpilot.test',
    });
    expect(full.json.shorturl).toMatch(/^https:\/\/go\.linkpilot\.test\//);
    expectError(
      await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/x', domain: 'elsewhere.example' }),
      400,
      /^domain: is not one of your branded domains/,
    );
    expectError(
      await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/x', domain: 'not a host!' }),
      400,
      /^domain: /,
    );
  });
});

describe('campaign names', () => {
  it('are unique per account: a second campaign with a name in use is refused, naming the field', async () => {
    const first = await call(s(), 'POST', '/api/campaign/add', { name: 'Autumn sale' });
    expect(first.json.error).toBe(0);
    expectError(await call(s(), 'POST', '/api/campaign/add', { name: 'Autumn sale' }), 400, /^name: .*already/);
    expectError(await call(s(), 'POST', '/api/campaign/add', { name: '  autumn SALE ' }), 400, /^name: .*already/);
    const second = (await call(s(), 'POST', '/api/campaign/add', { name: 'Winter sale' })).json.id;
    expectError(
      await call(s(), 'PUT', `/api/campaign/${second}/update`, { name: 'Autumn sale' }),
      400,
      /^name: .*already/,
    );
    expect(
      (await call(s(), 'PUT', `/api/campaign/${second}/update`, { name: 'Winter sale', public: true })).json.error,
    ).toBe(0);
    // Another account may use the same name.
    const other = s().createAccount({ email: 'campaigns@linkpilot.test' });
    expect((await call(s(), 'POST', '/api/campaign/add', { name: 'Autumn sale' }, other.apiKey)).json.error).toBe(0);
    // Unnamed campaigns get a name that is free.
    const unnamed = await Promise.all([1, 2].map(() => call(s(), 'POST', '/api/campaign/add', {}, other.apiKey)));
    const names = unnamed.map((a) => a.json.domain as string);
    expect(new Set(names).size).toBe(2);
  });
});

describe('channel colours', () => {
  it('come back exactly as sent', async () => {
    const made = await call(s(), 'POST', '/api/channel/add', { name: 'Colourful', color: '#12AB34' });
    expect(made.json.color).toBe('#12AB34');
    const listed = async () =>
      ((await call(s(), 'GET', '/api/channels?limit=100')).json.data.channels as { id: number; color: string }[]).find(
        (c) => c.id === made.json.id,
      )?.color;
    expect(await listed()).toBe('#12AB34');
    await call(s(), 'PUT', `/api/channel/${made.json.id}/update`, { color: '#AbCdEf' });
    expect(await listed()).toBe('#AbCdEf');
  });
});

describe('the page-size cap', () => {
  it('is 100 by default and set by maxLimit (--max-limit); perpage says what was used', async () => {
    const all = await call(s(), 'GET', '/api/urls?limit=1000');
    expect(all.json.data.perpage).toBe(100);
    await withServer({ maxLimit: 2 }, async (capped) => {
      const page = await call(capped, 'GET', '/api/urls?limit=1000');
      expect(page.json.data).toMatchObject({ perpage: 2, result: 2, currentpage: 1, nextpage: 2, maxpage: 2 });
      expect((await call(capped, 'GET', '/api/urls?limit=1')).json.data.perpage).toBe(1);
    });
  });
});
