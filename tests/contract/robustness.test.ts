import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/db/migrations';
import { parseFaultSpec } from '../../server/http/faults';
import { RateLimiter } from '../../server/http/rate-limit';
import { startServer } from '../../server/start';
import { call, expectError, serverPerFile } from './http';

const ctx = serverPerFile();
const s = () => ctx.server;

describe('hostile input never causes a 500 or a partial write', () => {
  it.each([
    ['not JSON', '{"name": '],
    ['an array', '[1,2,3]'],
    ['a string', '"channel"'],
    ['null', 'null'],
  ])('%s as the body is a 400', async (_name, raw) => {
    expectError(await call(s(), 'POST', '/api/channel/add', raw), 400, /must be a JSON object/);
  });

  it('huge strings, wrong types and __proto__ keys get field messages', async () => {
    expectError(
      await call(s(), 'POST', '/api/channel/add', { name: 'x'.repeat(100_000) }),
      400,
      /^name: must be at most 100/,
    );
    expectError(await call(s(), 'POST', '/api/channel/add', { name: 42 }), 400, /^name:/);
    const polluted = await call(
      s(),
      'POST',
      '/api/channel/add',
      '{"name":"Proto","__proto__":{"admin":true},"constructor":{"x":1}}',
    );
    expect(polluted.json).toMatchObject({ error: 0, name: 'Proto' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    const tooBig = await call(
      s(),
      'POST',
      '/api/channel/add',
      JSON.stringify({ name: 'x', description: 'y'.repeat(2 * 1024 * 1024) }),
    );
    expectError(tooBig, 413, /larger than 1 MB/);
  });

  it('a refused create writes nothing', async () => {
    const before = (s().db.prepare('SELECT COUNT(*) AS n FROM links').get() as { n: number }).n;
    expectError(
      await call(s(), 'POST', '/api/url/add', { url: 'https://example.com', channel: 999999 }),
      404,
      /channel/,
    );
    expect((s().db.prepare('SELECT COUNT(*) AS n FROM links').get() as { n: number }).n).toBe(before);
  });
});

describe('storage', () => {
  it('keeps data across a restart of a file database and does not seed it twice', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-contract-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const first = await startServer({ port: 0, db: file });
      const id = (await call(first, 'POST', '/api/channel/add', { name: 'Survivor' })).json.id;
      const key = first.apiKey;
      await first.close();
      const second = await startServer({ port: 0, db: file, apiKey: key });
      expect(second.apiKey).toBe(key);
      const channels = (await call(second, 'GET', '/api/channels')).json.data.channels;
      expect(channels.find((c: { id: number }) => c.id === id)?.name).toBe('Survivor');
      expect((second.db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n).toBe(1);
      await second.close();
      const raw = new Database(file);
      expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      raw.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a database from a newer schema rather than damaging it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-contract-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const raw = new Database(file);
      raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
      raw.close();
      await expect(startServer({ port: 0, db: file })).rejects.toThrow(/newer version/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('fault injection', () => {
  it('is off by default', async () => {
    for (let i = 0; i < 20; i++) expect((await call(s(), 'GET', '/api/account')).status).toBe(200);
  });

  it('parses the CLI spec and refuses unknown faults', () => {
    expect(parseFaultSpec('latency=50,error500=0.2,seed=7')).toEqual({ latency: 50, error500: 0.2, seed: 7 });
    expect(() => parseFaultSpec('explode=1')).toThrow(/unknown fault/);
    expect(() => parseFaultSpec('error500=-1')).toThrow(/non-negative/);
  });

  it('each kind is observable: 500, drops before and after the write, malformed JSON, bare 429, latency', async () => {
    const faulty = await startServer({ port: 0, db: ':memory:', rateLimit: 10_000 });
    const count = () =>
      (faulty.db.prepare("SELECT COUNT(*) AS n FROM channels WHERE name LIKE 'Fault %'").get() as { n: number }).n;
    try {
      faulty.setFaults({ error500: 1 });
      expectError(await call(faulty, 'POST', '/api/channel/add', { name: 'Fault 500' }), 500, /Internal/);
      expect(count()).toBe(0);

      faulty.setFaults({ dropBefore: 1 });
      await expect(call(faulty, 'POST', '/api/channel/add', { name: 'Fault before' })).rejects.toThrow();
      expect(count()).toBe(0);

      faulty.setFaults({ dropAfter: 1 });
      await expect(call(faulty, 'POST', '/api/channel/add', { name: 'Fault after' })).rejects.toThrow();
      expect(count()).toBe(1);

      faulty.setFaults({ malformed: 1 });
      const garbled = await call(faulty, 'POST', '/api/channel/add', { name: 'Fault garbled' });
      expect(garbled.status).toBe(200);
      expect(garbled.json).toBeUndefined();
      expect(count()).toBe(2);

      faulty.setFaults({ bare429: 1 });
      const bare = await call(faulty, 'GET', '/api/account');
      expect(bare.status).toBe(429);
      expect(bare.headers.get('x-ratelimit-remaining')).toBeNull();

      faulty.setFaults({ latency: 300 });
      const started = Date.now();
      await call(faulty, 'GET', '/api/account');
      expect(Date.now() - started).toBeGreaterThanOrEqual(290);

      faulty.setFaults(null);
      expect((await call(faulty, 'GET', '/api/account')).status).toBe(200);
    } finally {
      await faulty.close();
    }
  });
});

describe('the rate limiter', () => {
  it('drops the buckets of ended windows, so its memory does not grow with every client ever seen', () => {
    let t = 1_000_000;
    const limiter = new RateLimiter(5, 60_000, () => t);
    for (let i = 0; i < 1000; i++) limiter.take(`ip:10.0.${Math.floor(i / 250)}.${i % 250}`);
    expect(limiter.size).toBe(1000);
    t += 30_000;
    limiter.take('key:still-in-window');
    expect(limiter.size).toBe(1001);
    t += 31_000;
    const fresh = limiter.take('key:after-the-window');
    expect(limiter.size).toBe(2);
    expect(fresh.headers['X-RateLimit-Remaining']).toBe('4');
    // A bucket still inside its window keeps its count.
    expect(limiter.take('key:still-in-window').headers['X-RateLimit-Remaining']).toBe('3');
  });
});
