import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../server/db/migrations';
import { startServer } from '../../server/start';
import { call } from './http';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Runs `fn` with a database file in a directory of its own, removed afterwards. */
async function withFile(fn: (file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-keys-'));
  try {
    await fn(path.join(dir, 'db.sqlite'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('API keys at rest', () => {
  it('the database holds only their SHA-256: no key, in its table or anywhere in its files', async () => {
    await withFile(async (file) => {
      const given = 'second-key-0001';
      const server = await startServer({ port: 0, db: file, apiKeys: ['first-key-0001', given] });
      const keys = [server.apiKey, given];
      expect((await call(server, 'GET', '/api/account')).json.error).toBe(0);
      expect((await call(server, 'GET', '/api/account', undefined, given)).json.error).toBe(0);
      expect((await call(server, 'GET', '/api/account', undefined, sha256(given))).status).toBe(401);
      const rows = server.db.prepare('SELECT * FROM api_keys').all() as Record<string, unknown>[];
      expect(rows.map((r) => r.key_hash).sort()).toEqual(keys.map(sha256).sort());
      for (const row of rows) for (const value of Object.values(row)) expect(keys).not.toContain(value);
      await server.close();
      for (const part of [file, `${file}-wal`].filter(existsSync)) {
        const bytes = readFileSync(part).toString('latin1');
        for (const key of keys) expect(bytes.includes(key), `${key} in ${path.basename(part)}`).toBe(false);
      }
    });
  });

  it('hashes the keys a database of schema 1 stored as given, once, when it is opened', async () => {
    await withFile(async (file) => {
      const first = await startServer({ port: 0, db: file, apiKeys: ['legacy-key-0001'] });
      await first.close();
      // Back to how schema 1 kept it: the key itself, in a column named `key`, and no table of a later schema.
      const raw = new Database(file);
      raw.exec(
        "ALTER TABLE api_keys RENAME COLUMN key_hash TO key; UPDATE api_keys SET key = 'legacy-key-0001'; DROP TABLE pixels",
      );
      raw.pragma('user_version = 1');
      raw.close();

      const second = await startServer({ port: 0, db: file });
      expect(second.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(second.db.prepare('SELECT key_hash FROM api_keys').all()).toEqual([
        { key_hash: sha256('legacy-key-0001') },
      ]);
      expect((await call(second, 'GET', '/api/account', undefined, 'legacy-key-0001')).json.error).toBe(0);
      await second.close();
      // Opened again, nothing is hashed twice.
      const third = await startServer({ port: 0, db: file });
      expect((await call(third, 'GET', '/api/account', undefined, 'legacy-key-0001')).json.error).toBe(0);
      await third.close();
    });
  });
});
