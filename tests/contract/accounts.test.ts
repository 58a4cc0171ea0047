import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../server/start';
import { call, withServer } from './http';

const KEYS = ['first-account-key-01', 'second-account-key-02', 'third-account-key-03'];

describe('several API keys (--api-key given more than once)', () => {
  it('give each key after the first an empty account of its own; demo data only on the first', async () => {
    await withServer({ apiKeys: KEYS, rateLimit: 1000 }, async (server) => {
      expect(server.apiKey).toBe(KEYS[0]);
      expect(server.apiKeys).toEqual(KEYS);
      const accounts = await Promise.all(
        KEYS.map(async (key) => (await call(server, 'GET', '/api/account', undefined, key)).json.data),
      );
      expect(accounts[0].email).toBe('demo@linkpilot.test');
      expect(new Set(accounts.map((a) => a.id)).size).toBe(3);
      expect(new Set(accounts.map((a) => a.email)).size).toBe(3);
      const links = async (key: string) =>
        (await call(server, 'GET', '/api/urls', undefined, key)).json.data.urls as unknown[];
      expect((await links(KEYS[0]!)).length).toBeGreaterThan(0);
      expect(await links(KEYS[1]!)).toEqual([]);
      expect(await links(KEYS[2]!)).toEqual([]);
      // Each account sees only its own records.
      const made = (await call(server, 'POST', '/api/channel/add', { name: 'Second’s' }, KEYS[1])).json.id;
      expect((await call(server, 'GET', `/api/channel/${made}`, undefined, KEYS[2])).status).toBe(404);
      expect((await call(server, 'GET', `/api/channel/${made}`, undefined, KEYS[1])).status).toBe(200);
      // Each key has its own rate-limit budget.
      const remaining = await Promise.all(
        KEYS.map(async (key) =>
          (await call(server, 'GET', '/api/account', undefined, key)).headers.get('x-ratelimit-remaining'),
        ),
      );
      expect(remaining).toEqual(['997', '995', '996']);
    });
  });

  it('a restart with the same keys makes no second account; a new key gets one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-accounts-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      await (await startServer({ port: 0, db: file, apiKeys: KEYS.slice(0, 2) })).close();
      const again = await startServer({ port: 0, db: file, apiKeys: KEYS });
      try {
        expect(again.apiKeys).toEqual(KEYS);
        expect((again.db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n).toBe(3);
        expect((await call(again, 'GET', '/api/account', undefined, KEYS[2])).status).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
