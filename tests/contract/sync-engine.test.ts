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
});
