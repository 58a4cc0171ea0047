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

interface ServerQr {
  id: number;
  link: string;
  scans: number;
  name: string;
}

const demoCode = async (): Promise<ServerQr> => {
  const res = await fetch(`${server.url}/api/qr`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
  const body = (await res.json()) as { data: { qrs: ServerQr[] } };
  return body.data.qrs.find((q) => q.name === 'Menu card')!;
};

describe('a QR code re-pointed while the service cannot be reached', () => {
  it('waits in the outbox, through a restart of the worker, and is sent once: the printed code leads there', async () => {
    const db = new LinkpilotDb('qr-repoint-offline');
    let reachable = true;
    const sent: string[] = [];
    // The engine's waits (its backoff after a failed try) pass at once on this clock.
    let clock = Date.now();
    /** The worker as started anew: a fresh engine over the same database. */
    const worker = () =>
      createSyncEngine({
        db,
        now: () => clock,
        sleep: async (ms) => {
          clock += ms;
        },
        fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
          if (!reachable) throw new TypeError('Failed to fetch');
          sent.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
          return fetch(input, init);
        }) as typeof fetch,
        connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }),
      });
    await worker().requestPull();
    await worker().drain();
    const before = await demoCode();
    const row = (await db.qrs.toArray()).find((q) => q.id === before.id)!;
    expect(row.input).toBeNull();

    reachable = false;
    await actions.update({ db }, 'qr', row.key, { type: 'link', data: 'https://example.com/new-menu' });
    const offline = await worker().drain();
    expect(offline.sent).toBe(0);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.qrs.get(row.key)).toMatchObject({ input: { type: 'link', data: 'https://example.com/new-menu' } });

    reachable = true;
    sent.length = 0;
    await worker().drain();
    await worker().drain();
    expect(sent.filter((r) => r.startsWith('PUT'))).toEqual([`PUT /api/qr/${before.id}/update`]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.qrs.get(row.key)).toMatchObject({ sync: 'synced', link: before.link });

    // The same code, its address unchanged, with its scans.
    const after = await demoCode();
    expect(after).toMatchObject({ id: before.id, link: before.link, scans: before.scans });
    const scan = await fetch(after.link, { redirect: 'manual' });
    expect(scan.status).toBeGreaterThanOrEqual(300);
    expect(scan.status).toBeLessThan(400);
    expect(scan.headers.get('location')).toBe('https://example.com/new-menu');
    expect((await demoCode()).scans).toBe(before.scans + 1);
  });
});
