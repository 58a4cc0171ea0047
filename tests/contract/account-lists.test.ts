import { describe, expect, it } from 'vitest';
import { call, expectError, serverPerFile } from './http';

const ctx = serverPerFile();

describe('account', () => {
  it('GET /api/account returns the account with error as the integer 0', async () => {
    const a = await call(ctx.server, 'GET', '/api/account');
    expect(a.status).toBe(200);
    expect(a.json.error).toBe(0);
    expect(Object.keys(a.json.data).sort()).toEqual([
      'avatar',
      'email',
      'expires',
      'id',
      'registered',
      'status',
      'username',
    ]);
    expect(a.json.data).toMatchObject({ email: 'demo@linkpilot.test', username: 'demo', status: 'pro' });
    expect(a.json.data.expires).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const avatar = await fetch(a.json.data.avatar);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('PUT /api/account/update changes the e-mail and checks what it is given', async () => {
    const done = await call(ctx.server, 'PUT', '/api/account/update', {
      email: 'renamed@linkpilot.test',
      password: 'long enough password',
    });
    expect(done.json).toEqual({ error: 0, message: expect.any(String) });
    expect((await call(ctx.server, 'GET', '/api/account')).json.data.email).toBe('renamed@linkpilot.test');
    expectError(await call(ctx.server, 'PUT', '/api/account/update', {}), 400, /^email or password/);
    expectError(await call(ctx.server, 'PUT', '/api/account/update', { email: 'not-an-email' }), 400, /^email:/);
    expectError(await call(ctx.server, 'PUT', '/api/account/update', { password: 'short' }), 400, /^password:/);
    const other = ctx.server.createAccount({ email: 'taken@linkpilot.test' });
    expect(other.id).toBeGreaterThan(0);
    expectError(
      await call(ctx.server, 'PUT', '/api/account/update', { email: 'TAKEN@linkpilot.test' }),
      400,
      /^email: is already used/,
    );
  });
});

describe('list envelope and paging', () => {
  it.each([
    ['/api/overlay', 'cta', ['date', 'id', 'name', 'type']],
    ['/api/splash', 'splash', ['date', 'id', 'name']],
  ])('%s lists %s with the exact envelope', async (path, collection, keys) => {
    const a = await call(ctx.server, 'GET', path);
    expect(a.json.error).toBe('0');
    expect(Object.keys(a.json.data).sort()).toEqual(
      [collection, 'currentpage', 'maxpage', 'nextpage', 'perpage', 'result'].sort(),
    );
    expect(a.json.data).toMatchObject({ result: 2, perpage: 15, currentpage: 1, nextpage: 0, maxpage: 1 });
    for (const record of a.json.data[collection]) expect(Object.keys(record).sort()).toEqual(keys);
  });

  it('pages through a list: default 15, limit clamped to 100, nextpage 0 on the last page, empty past the end', async () => {
    for (let i = 0; i < 120; i++) await call(ctx.server, 'POST', '/api/channel/add', { name: `Paging ${i}` });
    const first = await call(ctx.server, 'GET', '/api/channels');
    expect(first.json.data).toMatchObject({ perpage: 15, currentpage: 1, nextpage: 2, result: 15 });
    const total = first.json.data.maxpage * 15;
    expect(total).toBeGreaterThanOrEqual(120);
    const big = await call(ctx.server, 'GET', '/api/channels?limit=5000');
    expect(big.json.data).toMatchObject({ perpage: 100, result: 100, nextpage: 2, maxpage: 2 });
    const last = await call(ctx.server, 'GET', '/api/channels?limit=100&page=2');
    expect(last.json.data).toMatchObject({ currentpage: 2, nextpage: 0, maxpage: 2 });
    const past = await call(ctx.server, 'GET', '/api/channels?limit=100&page=9');
    expect(past.json.data).toMatchObject({ currentpage: 9, result: 0, channels: [] });
    expectError(await call(ctx.server, 'GET', '/api/channels?limit=0'), 400, /^limit:/);
    expectError(await call(ctx.server, 'GET', '/api/channels?page=two'), 400, /^page:/);
    expectError(await call(ctx.server, 'GET', '/api/channels?limit=1.5'), 400, /^limit:/);
  });

  it('unknown endpoints are 404 and wrong methods 405, both with an error body', async () => {
    expectError(await call(ctx.server, 'GET', '/api/nothing'), 404, /Unknown API endpoint/);
    const wrong = await call(ctx.server, 'DELETE', '/api/account');
    expectError(wrong, 405, /not allowed/);
    expect(wrong.headers.get('allow')).toBe('GET');
  });
});
