import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import * as actions from '@/lib/sync/actions';
import { type RunningServer, startServer } from '../../server/start';

const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the service restarted in the middle of a drain', () => {
  it('every change arrives exactly once: the create cut off by the shutdown is found, not sent again', async () => {
    const file = path.join(dir, 'service.sqlite');
    let server: RunningServer = await startServer({ port: 0, db: file, rateLimit: 1000 });
    const { port, apiKey } = server;
    let creates = 0;
    let down = false;
    // The service goes down right after writing the fourth channel, before its answer leaves.
    const fetchThroughRestart = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (down) throw new TypeError('fetch failed: connection refused');
      const response = await fetch(input, init);
      if (String(input).endsWith('/api/channel/add') && ++creates === 4) {
        down = true;
        await server.close();
        throw new TypeError('fetch failed: socket hang up');
      }
      return response;
    }) as typeof globalThis.fetch;

    let clock = Date.now();
    const db = new LinkpilotDb('server-restart');
    const engine = createSyncEngine({
      db,
      fetch: fetchThroughRestart,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      connection: async () => ({ baseUrl: `http://127.0.0.1:${port}`, apiKey }),
    });
    const names = Array.from({ length: 10 }, (_, i) => `Across the restart ${i + 1}`);
    for (const name of names) await actions.create({ db }, 'channel', { name });

    const first = await engine.drain();
    expect(first.sent).toBe(3);
    expect(first.wakeAt).not.toBeNull();
    expect(await db.outbox.count()).toBe(7);

    server = await startServer({ port, db: file, apiKey, rateLimit: 1000 });
    down = false;
    try {
      clock = first.wakeAt! + 1;
      for (let i = 0; i < 5 && (await db.outbox.count()) > 0; i++) await engine.drain();
      expect(await db.outbox.count()).toBe(0);
      const rows = server.db.prepare("SELECT id, name FROM channels WHERE name LIKE 'Across the restart %'").all() as {
        id: number;
        name: string;
      }[];
      for (const name of names)
        expect(
          rows.filter((r) => r.name === name),
          name,
        ).toHaveLength(1);
      const mirrored = await db.channels.toArray();
      expect(mirrored.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
    } finally {
      await server.close();
    }
  });
});
