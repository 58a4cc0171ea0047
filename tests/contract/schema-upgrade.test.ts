import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb, SCHEMA_V1 } from '@/lib/db/schema';
import * as actions from '@/lib/sync/actions';
import { createSyncEngine } from '@/lib/sync/engine';
import { type RunningServer, startServer } from '../../server/start';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, db: ':memory:', rateLimit: 1000 });
});
afterAll(async () => {
  await server.close();
});

const list = async (path: string) =>
  (await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${server.apiKey}` } })).json();

/** The database as the first release left it: schema 1, changes queued and one cut off mid-send. */
async function releaseOneDatabase(name: string) {
  const v1 = new Dexie(name);
  v1.version(1).stores(SCHEMA_V1);
  const db = v1 as unknown as LinkpilotDb;
  const channel = await actions.createChannel({ db }, { name: 'Queued before the upgrade' });
  await actions.updateChannel({ db }, channel, { description: 'edited while offline' });
  const link = await actions.createLink(
    { db },
    { input: { url: 'https://example.com/queued-before-upgrade', custom: 'queued-upgrade' }, channelKey: channel },
  );
  const campaign = await actions.createCampaign({ db }, { name: 'Cut off mid-send' });
  // The worker stopped while this create was on the wire, long ago.
  const entry = await db.outbox.where('key').equals(campaign).first();
  await db.outbox.update(entry!.seq!, { state: 'inflight', sentAt: Date.now() - 3_600_000 });
  await db.channels.put({
    key: 's000000000000042',
    id: 42_000,
    sync: 'synced',
    pulledAt: 0,
    name: 'Flagged',
    description: '',
    color: null,
    starred: false,
    twinOf: channel,
  });
  const outbox = await db.outbox.orderBy('seq').toArray();
  v1.close();
  return { channel, link, campaign, outbox };
}

describe('upgrading the client database from schema 1', () => {
  it('keeps every queued change, indexes what version 2 adds, and the changes then reach the service once', async () => {
    const before = await releaseOneDatabase('upgrade-from-v1');
    expect(before.outbox.map((e) => `${e.entity}:${e.op}:${e.state}`)).toEqual([
      'channel:create:pending',
      'link:create:pending',
      'campaign:create:inflight',
    ]);

    const db = new LinkpilotDb('upgrade-from-v1');
    await db.open();
    expect(db.verno).toBe(2);
    expect(await db.outbox.orderBy('seq').toArray()).toEqual(before.outbox);
    expect(await db.channels.where('twinOf').above('').primaryKeys()).toEqual(['s000000000000042']);
    await db.channels.delete('s000000000000042');

    const engine = createSyncEngine({ db, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });
    const report = await engine.drain();
    expect(report.failed).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    const channels = (await list('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Queued before the upgrade',
    );
    expect(channels).toEqual([
      expect.objectContaining({ id: (await db.channels.get(before.channel))!.id, description: 'edited while offline' }),
    ]);
    const items = (await list(`/api/channel/${channels[0].id}`)).data.items;
    expect(items).toEqual([expect.objectContaining({ type: 'links', id: (await db.links.get(before.link))!.id })]);
    const campaigns = (await list('/api/campaigns?limit=1000')).data.campaigns.filter(
      (c: { name?: string; domain?: string }) => (c.name ?? c.domain) === 'Cut off mid-send',
    );
    expect(campaigns).toHaveLength(1);
    expect((await db.campaigns.get(before.campaign))?.id).toBe(campaigns[0].id);
  });
});
