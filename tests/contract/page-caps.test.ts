import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import { keyHash } from '../../server/api-keys';
import type { RunningServer } from '../../server/start';
import { withServer } from './http';

const KEY = 'page-caps-key-0001';

/** Enough of each kind that every cap below splits at least the links into several pages. */
function seed(
  server: RunningServer,
  counts: { links: number; channels: number; campaigns: number; qrs: number; domains: number },
) {
  const { db } = server;
  const account = (
    db.prepare('SELECT account_id AS id FROM api_keys WHERE key_hash = ?').get(keyHash(KEY)) as { id: number }
  ).id;
  const at = '2026-01-01 00:00:00';
  db.transaction(() => {
    for (let i = 0; i < counts.links; i++) {
      db.prepare('INSERT INTO links (account_id, alias, longurl, title, date) VALUES (?, ?, ?, ?, ?)').run(
        account,
        `cap-link-${i}`,
        `https://example.com/cap/${i}`,
        `Cap link ${i}`,
        at,
      );
    }
    for (let i = 0; i < counts.channels; i++) {
      db.prepare('INSERT INTO channels (account_id, name, color, created) VALUES (?, ?, ?, ?)').run(
        account,
        `Cap channel ${i}`,
        '#123456',
        at,
      );
    }
    for (let i = 0; i < counts.campaigns; i++) {
      db.prepare('INSERT INTO campaigns (account_id, name, created) VALUES (?, ?, ?)').run(
        account,
        `Cap campaign ${i}`,
        at,
      );
    }
    for (let i = 0; i < counts.qrs; i++) {
      db.prepare(
        "INSERT INTO qr_codes (account_id, code, type, data, name, date) VALUES (?, ?, 'text', '\"x\"', ?, ?)",
      ).run(account, `cap-qr-${i}`, `Cap QR ${i}`, at);
    }
    for (let i = 0; i < counts.domains; i++) {
      db.prepare('INSERT INTO domains (account_id, domain, created) VALUES (?, ?, ?)').run(
        account,
        `https://cap${i}.example`,
        at,
      );
    }
  })();
  return account;
}

const serverIds = (server: RunningServer, table: string, account: number) =>
  (server.db.prepare(`SELECT id FROM ${table} WHERE account_id = ? ORDER BY id`).all(account) as { id: number }[]).map(
    (r) => r.id,
  );
const mirrorIds = async (rows: Promise<{ id?: number | null }[]>) =>
  (await rows).map((r) => r.id).sort((a, b) => Number(a) - Number(b));

describe('the sync engine mirrors a whole account whatever the page-size cap', () => {
  it.each([10, 100, 1000])('at --max-limit %i', async (cap) => {
    await withServer({ apiKeys: [KEY], maxLimit: cap, rateLimit: 100_000 }, async (server) => {
      const account = seed(server, { links: 1010, channels: 23, campaigns: 12, qrs: 11, domains: 14 });
      const db = new LinkpilotDb(`page-caps-${cap}`);
      let requests = 0;
      const counting = ((input: RequestInfo | URL, init?: RequestInit) => {
        requests += 1;
        return fetch(input, init);
      }) as typeof globalThis.fetch;
      const engine = createSyncEngine({
        db,
        fetch: counting,
        connection: async () => ({ baseUrl: server.url, apiKey: KEY }),
      });
      await engine.requestPull();
      await engine.drain();
      expect(await mirrorIds(db.links.toArray())).toEqual(serverIds(server, 'links', account));
      expect(await mirrorIds(db.channels.toArray())).toEqual(serverIds(server, 'channels', account));
      expect(await mirrorIds(db.campaigns.toArray())).toEqual(serverIds(server, 'campaigns', account));
      expect(await mirrorIds(db.qrs.toArray())).toEqual(serverIds(server, 'qr_codes', account));
      expect(await mirrorIds(db.domains.toArray())).toEqual(serverIds(server, 'domains', account));
      // The links alone take ceil(links / cap) pages: the cap was really applied.
      expect(requests).toBeGreaterThanOrEqual(Math.ceil(1013 / cap));
      db.close();
    });
  });
});
