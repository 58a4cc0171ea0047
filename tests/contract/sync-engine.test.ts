import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import * as actions from '@/lib/sync/actions';
import { createSyncEngine } from '@/lib/sync/engine';
import { startServer, type RunningServer } from '../../server/start';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, db: ':memory:', rateLimit: 1000 });
});
afterAll(async () => {
  await server.close();
});

const engineFor = (db: LinkpilotDb) => createSyncEngine({ db, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });

describe('the sync engine against the local server', () => {
  it('mirrors every collection', async () => {
    const db = new LinkpilotDb('mirror-all');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    expect(await db.account.get('me')).toMatchObject({ email: 'demo@linkpilot.test' });
    expect((await db.channels.toArray()).map((c) => c.name).sort()).toEqual(['News', 'Social']);
    expect((await db.domains.toArray()).map((d) => d.domain)).toEqual(['https://go.linkpilot.test']);
    expect(await db.campaigns.count()).toBe(1);
    expect(await db.links.count()).toBe(3);
    expect(await db.qrCodes.count()).toBe(1);
    expect(await db.overlays.count()).toBe(2);
    expect(await db.splashPages.count()).toBe(2);
    expect(await db.channelItems.count()).toBe(2);
    expect((await db.meta.get('pull:cursor'))?.value).toBeNull();
  });

  it('sends local changes exactly once and writes the server ids back', async () => {
    const db = new LinkpilotDb('send-changes');
    const engine = engineFor(db);
    const channel = await actions.createChannel({ db }, { name: 'Engine channel', color: '#123456' });
    const link = await actions.createLink({ db }, { input: { url: 'https://example.com/engine' }, channelKey: channel });
    const report = await engine.drain();
    expect(report.sent).toBe(2);
    const row = await db.links.get(link);
    expect(row?.shorturl).toMatch(new RegExp(`^${server.url}/`));
    const items = await (await fetch(`${server.url}/api/channel/${(await db.channels.get(channel))!.id}`, { headers: { Authorization: `Bearer ${server.apiKey}` } })).json();
    expect(items.data.items).toEqual([expect.objectContaining({ type: 'links', id: row!.id })]);
  });

  it('flags a record the service made twice from one create (the browser resent it), and deleting the copy keeps ours', async () => {
    const db = new LinkpilotDb('twins');
    const engine = engineFor(db);
    await engine.requestPull();
    await engine.drain();
    // The first copy: what the service made from the request the browser sent before resending it.
    const twin = await (await fetch(`${server.url}/api/channel/add`, { method: 'POST', headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'Sent twice' }) })).json();
    const mine = await actions.createChannel({ db }, { name: 'Sent twice' });
    const elsewhere = await actions.createChannel({ db }, { name: 'Made once' });
    await engine.drain();
    await engine.requestPull();
    await engine.drain();
    const rows = await db.channels.where('name').anyOf('Sent twice', 'Made once').toArray();
    expect(rows.find((r) => r.id === twin.id)?.twinOf).toBe(mine);
    expect(rows.filter((r) => r.twinOf !== undefined)).toHaveLength(1);
    expect((await db.channels.get(elsewhere))?.twinOf).toBeUndefined();

    await actions.deleteChannel({ db }, rows.find((r) => r.id === twin.id)!.key);
    await engine.drain();
    const left = await (await fetch(`${server.url}/api/channels?limit=100`, { headers: { Authorization: `Bearer ${server.apiKey}` } })).json();
    expect(left.data.channels.filter((c: { name: string }) => c.name === 'Sent twice').map((c: { id: number }) => c.id)).toEqual([(await db.channels.get(mine))!.id]);
  });
});
