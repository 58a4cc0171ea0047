import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalKey, serverKey } from '@/lib/db/keys';
import { channelItemKey, withLinkWords } from '@/lib/db/rows';
import { LinkpilotDb, SCHEMA_V1, SCHEMA_V2_CHANGES } from '@/lib/db/schema';
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
const post = async (path: string, body: unknown): Promise<{ id: number }> =>
  (
    await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();

/** An outbox entry as versions 1 and 2 wrote it. */
const oldEntry = (entry: { entity: string; op: string; key: string; payload: unknown } & Record<string, unknown>) => ({
  deps: [],
  ids: {},
  state: 'pending',
  priority: 1,
  attempts: 0,
  createdAt: Date.now(),
  notBefore: Date.now(),
  ambiguous: false,
  error: null,
  ...entry,
});

const channelRow = (key: string, id: number | null, name: string, extra: Record<string, unknown> = {}) => ({
  key,
  id,
  sync: id === null ? 'pending' : 'synced',
  pulledAt: 0,
  name,
  description: '',
  color: null,
  starred: false,
  ...extra,
});

const linkRow = (key: string, url: string, custom?: string) =>
  withLinkWords({
    key,
    id: null,
    sync: 'pending',
    pulledAt: 0,
    alias: custom ?? '',
    shorturl: '',
    longurl: url,
    longurlKey: '',
    clicks: 0,
    title: url,
    description: '',
    date: '2026-11-22 12:00:00',
    campaignKey: null,
    domain: '',
    status: null,
    input: { url, ...(custom ? { custom } : {}) },
    words: [],
  });

/** The database as the first release left it: schema 1, changes queued and one cut off mid-send. */
async function releaseOneDatabase(name: string) {
  const v1 = new Dexie(name);
  v1.version(1).stores(SCHEMA_V1);
  const channel = newLocalKey();
  const link = newLocalKey();
  const campaign = newLocalKey();
  const url = 'https://example.com/queued-before-upgrade';
  await v1
    .table('channels')
    .bulkAdd([
      channelRow(channel, null, 'Queued before the upgrade', { description: 'edited while offline' }),
      channelRow('s000000000000042', 42_000, 'Flagged', { twinOf: channel }),
    ]);
  await v1.table('links').add(linkRow(link, url, 'queued-upgrade'));
  // A link made with UTM values, keyed as versions 1 to 3 did: with its tracking parameters.
  const tagged = 'https://example.com/post?id=4&utm_source=newsletter&fbclid=abc';
  await v1
    .table('links')
    .add({ ...linkRow(serverKey(41_000), tagged), id: 41_000, sync: 'synced', input: null, longurlKey: tagged });
  await v1.table('channelItems').add({
    key: channelItemKey(channel, 'links', link, null),
    channelKey: channel,
    type: 'links',
    itemKey: link,
    itemId: null,
    title: url,
    preview: url,
    link: '',
    date: '2026-11-22',
    sync: 'pending',
  });
  await v1.table('campaigns').add({
    key: campaign,
    id: null,
    sync: 'pending',
    pulledAt: 0,
    name: 'Cut off mid-send',
    slug: null,
    public: false,
    rotator: null,
    list: '',
  });
  await v1.table('outbox').bulkAdd([
    oldEntry({
      entity: 'channel',
      op: 'create',
      key: channel,
      payload: { name: 'Queued before the upgrade', description: 'edited while offline' },
    }),
    oldEntry({
      entity: 'link',
      op: 'create',
      key: link,
      payload: { input: { url, custom: 'queued-upgrade' }, channelKey: channel, campaignKey: null },
      deps: [channel],
    }),
    // The worker stopped while this create was on the wire, long ago.
    oldEntry({
      entity: 'campaign',
      op: 'create',
      key: campaign,
      payload: { name: 'Cut off mid-send' },
      state: 'inflight',
      sentAt: Date.now() - 3_600_000,
    }),
  ]);
  v1.close();
  return { channel, link, campaign };
}

describe('upgrading the client database from schema 1', () => {
  it('keeps every queued change, indexes what version 2 adds, and the changes then reach the service once', async () => {
    const before = await releaseOneDatabase('upgrade-from-v1');

    const db = new LinkpilotDb('upgrade-from-v1');
    await db.open();
    expect(db.verno).toBe(5);
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => `${e.kind}:${e.op}:${e.state}`)).toEqual([
      'channel:create:pending',
      'link:create:pending',
      'campaign:create:inflight',
    ]);
    expect(outbox[1]).toMatchObject({
      deps: [before.channel],
      payload: { input: { custom: 'queued-upgrade' }, channelKey: before.channel, campaignKey: null },
    });
    expect(await db.channels.where('twinOf').above('').primaryKeys()).toEqual(['s000000000000042']);
    await db.channels.delete('s000000000000042');
    // Version 4 keys links by their page without tracking parameters.
    expect(await db.links.where('longurlKey').equals('https://example.com/post?id=4').primaryKeys()).toEqual([
      serverKey(41_000),
    ]);
    expect((await db.links.get(before.link))?.longurlKey).toBe('https://example.com/queued-before-upgrade');

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

/**
 * A database as version 2 left it: a change of every kind queued, a create half-sent (on the wire
 * when the worker stopped, and made by the service), the trace of a resend on an entry and a row.
 */
async function releaseTwoDatabase(name: string) {
  const v2 = new Dexie(name);
  v2.version(1).stores(SCHEMA_V1);
  v2.version(2).stores(SCHEMA_V2_CHANGES);
  const halfSent = newLocalKey();
  const link = newLocalKey();
  const qr = newLocalKey();
  const made = await post('/api/channel/add', { name: 'Half-sent before the upgrade' });
  const renamed = await post('/api/channel/add', { name: 'Renamed before the upgrade' });
  const gone = await post('/api/campaign/add', { name: 'Deleted before the upgrade' });
  const kept = await post('/api/campaign/add', { name: 'Assigned before the upgrade' });
  const bio = server.db.prepare('SELECT id FROM bio_pages LIMIT 1').pluck().get() as number;
  const url = 'https://example.com/assigned-before-upgrade';
  const [renamedKey, keptKey] = [serverKey(renamed.id), serverKey(kept.id)];

  await v2.table('channels').bulkAdd([
    channelRow(halfSent, null, 'Half-sent before the upgrade', {
      sentTwice: { name: 'Half-sent before the upgrade' },
    }),
    channelRow(renamedKey, renamed.id, 'Renamed here'),
  ]);
  await v2.table('campaigns').add({
    key: keptKey,
    id: kept.id,
    sync: 'synced',
    pulledAt: 0,
    name: 'Assigned before the upgrade',
    slug: null,
    public: false,
    rotator: null,
    list: '',
  });
  await v2.table('links').add(linkRow(link, url));
  await v2.table('qrCodes').add({
    key: qr,
    id: null,
    sync: 'pending',
    pulledAt: 0,
    link: '',
    scans: 0,
    name: 'Upgraded QR',
    date: '2026-11-22 12:00:00',
    input: { type: 'text', data: 'Upgraded QR', name: 'Upgraded QR' },
  });
  await v2.table('meta').put({ key: 'auth-refused', value: { at: 1, message: 'old' } });
  await v2.table('outbox').bulkAdd([
    oldEntry({
      entity: 'channel',
      op: 'create',
      key: halfSent,
      payload: { name: 'Half-sent before the upgrade' },
      state: 'inflight',
      sentAt: Date.now() - 3_600_000,
      resent: true,
    }),
    oldEntry({
      entity: 'channel',
      op: 'update',
      key: renamedKey,
      payload: { name: 'Renamed here' },
      ids: { [renamedKey]: renamed.id },
    }),
    oldEntry({
      entity: 'campaign',
      op: 'delete',
      key: serverKey(gone.id),
      payload: {},
      ids: { [serverKey(gone.id)]: gone.id },
    }),
    oldEntry({
      entity: 'link',
      op: 'create',
      key: link,
      payload: { input: { url }, channelKey: null, campaignKey: null },
    }),
    // The service offers no link update: such an entry could only ever be refused.
    oldEntry({ entity: 'link', op: 'update', key: link, payload: { input: { url, description: 'late' } } }),
    oldEntry({
      entity: 'qr',
      op: 'create',
      key: qr,
      payload: { input: { type: 'text', data: 'Upgraded QR', name: 'Upgraded QR' } },
    }),
    oldEntry({
      entity: 'link',
      op: 'assign-channel',
      key: link,
      payload: { channelKey: halfSent, type: 'links', itemId: null },
      deps: [halfSent, link],
    }),
    oldEntry({
      entity: 'link',
      op: 'assign-channel',
      key: `bio:${bio}`,
      payload: { channelKey: halfSent, type: 'bio', itemId: bio },
      deps: [halfSent],
    }),
    oldEntry({
      entity: 'link',
      op: 'assign-campaign',
      key: link,
      payload: { campaignKey: keptKey },
      deps: [keptKey, link],
      ids: { [keptKey]: kept.id },
    }),
    oldEntry({ entity: 'account', op: 'update', key: 'me', payload: { email: 'upgraded@linkpilot.test' } }),
  ]);
  v2.close();
  return { halfSent, made: made.id, renamed: renamed.id, gone: gone.id, kept: kept.id, bio, link, qr };
}

describe('upgrading the client database from schema 2', () => {
  it('carries every queued and half-sent change into the typed outbox, drops the resend trace, and sends each once', async () => {
    const before = await releaseTwoDatabase('upgrade-from-v2');

    const db = new LinkpilotDb('upgrade-from-v2');
    await db.open();
    expect(db.verno).toBe(5);
    const outbox = await db.outbox.orderBy('seq').toArray();
    expect(outbox.map((e) => `${e.kind}:${e.op}:${e.state}`)).toEqual([
      'channel:create:inflight',
      'channel:update:pending',
      'campaign:delete:pending',
      'link:create:pending',
      'qr:create:pending',
      'channelItem:create:pending',
      'channelItem:create:pending',
      'campaignLink:create:pending',
      'account:update:pending',
    ]);
    expect(outbox.some((e) => 'resent' in e)).toBe(false);
    expect(outbox[1]).toMatchObject({ deps: [serverKey(before.renamed)], payload: { name: 'Renamed here' } });
    expect(outbox[4]).toMatchObject({ payload: { type: 'text', data: 'Upgraded QR' } });
    expect(outbox[6]).toMatchObject({
      key: channelItemKey(before.halfSent, 'bio', null, before.bio),
      deps: [before.halfSent],
      payload: { type: 'bio', itemKey: null, itemId: before.bio },
    });
    expect(outbox[7]).toMatchObject({ key: before.link, payload: { campaignKey: serverKey(before.kept) } });
    expect(await db.channels.get(before.halfSent)).not.toHaveProperty('sentTwice');
    expect(await db.meta.get('auth-refused')).toBeUndefined();

    const engine = createSyncEngine({ db, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });
    const report = await engine.drain();
    expect(report.failed).toBe(0);
    expect(await db.outbox.count()).toBe(0);

    // The half-sent create was found and adopted, not made twice.
    const named = (await list('/api/channels?limit=1000')).data.channels.filter((c: { name: string }) =>
      ['Half-sent before the upgrade', 'Renamed before the upgrade'].includes(c.name),
    );
    expect(named.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [before.made, 'Half-sent before the upgrade'],
    ]);
    expect((await db.channels.get(before.halfSent))?.id).toBe(before.made);
    expect((await list('/api/channels?limit=1000')).data.channels).toContainEqual(
      expect.objectContaining({ id: before.renamed, name: 'Renamed here' }),
    );
    const linkId = (await db.links.get(before.link))!.id;
    const items = (await list(`/api/channel/${before.made}`)).data.items.map((i: { type: string; id: number }) =>
      [i.type, i.id].join(':'),
    );
    expect(items.sort()).toEqual([`bio:${before.bio}`, `links:${linkId}`].sort());
    expect(server.db.prepare('SELECT campaign_id FROM links WHERE id = ?').pluck().get(linkId)).toBe(before.kept);
    expect(server.db.prepare('SELECT COUNT(*) FROM campaigns WHERE id = ?').pluck().get(before.gone)).toBe(0);
    expect(server.db.prepare("SELECT COUNT(*) FROM qr_codes WHERE name = 'Upgraded QR'").pluck().get()).toBe(1);
    expect((await db.qrCodes.get(before.qr))?.id).not.toBeNull();
    expect((await list('/api/account')).data.email).toBe('upgraded@linkpilot.test');
  });
});
