import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import * as actions from '@/lib/sync/actions';
import { type RunningServer, startServer } from '../../server/start';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, db: ':memory:', rateLimit: 1000 });
});
afterAll(async () => {
  await server.close();
});

describe('offline for a long time, then online', () => {
  it('a day of changes made offline goes out once, in order, with nothing stale holding it back', async () => {
    let clock = Date.now();
    let online = true;
    let requests = 0;
    const db = new LinkpilotDb('long-offline');
    const engine = createSyncEngine({
      db,
      now: () => clock,
      sleep: async (ms) => {
        clock += ms;
      },
      isOnline: () => online,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
        requests += 1;
        return fetch(input, init);
      }) as typeof globalThis.fetch,
      connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }),
    });
    // The last thing heard before going offline: the budget spent until a reset long gone by then.
    await engine.budget.observe(
      { limit: 30, remaining: 0, resetAt: clock + 30_000, retryAt: null, source: 'headers' },
      200,
    );

    online = false;
    const channel = await actions.create({ db }, 'channel', { name: 'Offline all day' });
    const links: string[] = [];
    for (let hour = 0; hour < 24; hour++) {
      clock += 3_600_000;
      links.push(
        await actions.create({ db }, 'link', {
          input: { url: `https://example.com/offline/${hour}`, custom: `offline-day-${hour}` },
          channelKey: channel,
        }),
      );
      await actions.update({ db }, 'channel', channel, { description: `hour ${hour}` });
      const report = await engine.drain();
      expect(report.sent).toBe(0);
      expect(report.wakeAt).not.toBeNull();
    }
    expect(requests).toBe(0);

    online = true;
    const report = await engine.drain();
    expect(report.failed).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    // One create for the channel (its edits folded in) and one per link.
    expect(requests).toBe(1 + 24);
    const auth = { headers: { Authorization: `Bearer ${server.apiKey}` } };
    const channels = (
      (await (await fetch(`${server.url}/api/channels?limit=1000`, auth)).json()) as {
        data: { channels: { id: number; name: string; description: string }[] };
      }
    ).data.channels.filter((c) => c.name === 'Offline all day');
    expect(channels).toEqual([expect.objectContaining({ description: 'hour 23' })]);
    const items = (
      (await (await fetch(`${server.url}/api/channel/${channels[0]!.id}?limit=1000`, auth)).json()) as {
        data: { items: { id: number }[] };
      }
    ).data.items;
    const ids = await Promise.all(links.map(async (key) => (await db.links.get(key))!.id));
    // Made in the order they were queued: the service's ids rise hour by hour.
    expect(ids).toEqual([...ids].sort((a, b) => a! - b!));
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a! - b!));
  });
});
