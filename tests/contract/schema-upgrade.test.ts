import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Dexie from 'dexie';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newLocalKey, serverKey } from '@/lib/db/keys';
import {
  LinkpilotDb,
  SCHEMA_V1,
  SCHEMA_V2_CHANGES,
  SCHEMA_V3_CHANGES,
  SCHEMA_V5_CHANGES,
  SCHEMA_V6_CHANGES,
  SCHEMA_V7_CHANGES,
  SCHEMA_V8_CHANGES,
} from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import { gainsByRecord, recordTimeline } from '@/lib/history/read';
import { channelItemKey } from '@/lib/kinds/channel-item';
import { withLinkWords } from '@/lib/kinds/link-row';
import { trendingLinks } from '@/lib/links/link-table';
import { createAccount } from '../../server/accounts';
import { migrate, SCHEMA_VERSION } from '../../server/db/migrations';
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
    expect(db.verno).toBe(11);
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
    expect(db.verno).toBe(11);
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
    expect((await db.qrs.get(before.qr))?.id).not.toBeNull();
    expect((await list('/api/account')).data.email).toBe('upgraded@linkpilot.test');
  });
});

const DAY = 86_400_000;

/**
 * The database as schema 5 left it: a history of links and a QR code, thinned up to `thinned`
 * (observations carrying the total before them), and a change still queued.
 */
async function releaseFiveDatabase(name: string) {
  const v5 = new Dexie(name);
  v5.version(1).stores(SCHEMA_V1);
  v5.version(2).stores(SCHEMA_V2_CHANGES);
  v5.version(3).stores(SCHEMA_V3_CHANGES);
  v5.version(4).stores({});
  v5.version(5).stores(SCHEMA_V5_CHANGES);
  const thinned = Date.UTC(2026, 10, 10);
  const pulled = serverKey(5);
  const mine = newLocalKey();
  const channel = newLocalKey();
  await v5.table('links').bulkAdd([
    { ...linkRow(pulled, 'https://example.com/pulled'), id: 5, sync: 'synced', input: null, clicks: 21 },
    // Made here: its key is local, its id came with the service's answer.
    { ...linkRow(mine, 'https://example.com/mine'), id: 7, sync: 'synced', input: null, clicks: 2 },
  ]);
  await v5.table('qrCodes').add({
    key: serverKey(3),
    id: 3,
    sync: 'synced',
    pulledAt: 0,
    link: 'https://s.test/q3',
    scans: 6,
    name: 'Poster',
    date: '2026-11-01 00:00:00',
    input: null,
  });
  await v5.table('linkHistory').bulkAdd([
    // Thinned days.
    { id: 5, at: thinned - 3 * DAY, clicks: 10 },
    { id: 5, at: thinned - 2 * DAY + 3_600_000, clicks: 14, prev: 10 },
    // The last days, as read.
    { id: 5, at: thinned + DAY, clicks: 20, prev: 14 },
    { id: 5, at: thinned + 2 * DAY, clicks: 21, prev: 20, unique: 9 },
    { id: 7, at: thinned + DAY, clicks: 2, prev: 0 },
    // A link no longer mirrored: its history should have gone with it.
    { id: 99, at: thinned + DAY, clicks: 4, prev: 1 },
  ]);
  await v5.table('qrHistory').add({ id: 3, at: thinned + DAY, clicks: 6, prev: 5 });
  await v5.table('meta').bulkAdd([
    { key: 'history:since', value: thinned - 3 * DAY },
    { key: 'history:thinned', value: thinned },
  ]);
  await v5.table('channels').add(channelRow(channel, null, 'Queued before schema 6'));
  await v5.table('outbox').add({
    kind: 'channel',
    op: 'create',
    key: channel,
    payload: { name: 'Queued before schema 6' },
    deps: [],
    ids: {},
    state: 'pending',
    priority: 1,
    attempts: 0,
    createdAt: Date.now(),
    notBefore: Date.now(),
    ambiguous: false,
    error: null,
  });
  v5.close();
  return { thinned, pulled, mine, channel };
}

describe('upgrading the client database from schema 5', () => {
  it('keeps the last days by time with their keys and gains, the thinned days by record, and the queued change', async () => {
    const { thinned, pulled, mine, channel } = await releaseFiveDatabase('upgrade-from-v5');

    const db = new LinkpilotDb('upgrade-from-v5');
    await db.open();
    expect(db.verno).toBe(11);
    expect(await db.linkHistory.toArray()).toEqual([
      { id: 5, at: thinned - 3 * DAY, clicks: 10 },
      { id: 5, at: thinned - 2 * DAY + 3_600_000, clicks: 14, gain: 4 },
    ]);
    expect(await db.linkRecent.toArray()).toEqual([
      { id: 5, at: thinned + DAY, key: pulled, clicks: 20, gain: 6 },
      { id: 7, at: thinned + DAY, key: mine, clicks: 2, gain: 2 },
      { id: 5, at: thinned + 2 * DAY, key: pulled, clicks: 21, gain: 1, unique: 9 },
    ]);
    expect(await db.qrRecent.toArray()).toEqual([{ id: 3, at: thinned + DAY, key: serverKey(3), clicks: 6, gain: 1 }]);
    expect(await db.qrHistory.count()).toBe(0);

    // What the history says is what it said: the chart's rises, the week's gains, the Trending order.
    // (Observations of before version 11 carry no reading before them: each rose at its own time.)
    const timeline = await recordTimeline(db, 'link', { id: 5, date: '2026-10-01 00:00:00', total: 21 });
    expect(timeline).toMatchObject({ since: thinned - 3 * DAY, before: 10, total: 21 });
    expect(timeline?.gains.map((g) => [g.at, g.clicks])).toEqual([
      [thinned - 2 * DAY + 3_600_000, 4],
      [thinned + DAY, 6],
      [thinned + 2 * DAY, 1],
    ]);
    const now = thinned + 3 * DAY;
    expect(await gainsByRecord(db, 'link', now)).toEqual(
      new Map([
        [5, 7],
        [7, 2],
      ]),
    );
    expect(await trendingLinks(db, now)).toEqual([pulled, mine]);

    // The queued change is untouched, and reaches the service once.
    expect(await db.outbox.count()).toBe(1);
    const engine = createSyncEngine({ db, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });
    expect((await engine.drain()).failed).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const named = (await list('/api/channels?limit=1000')).data.channels.filter(
      (c: { name: string }) => c.name === 'Queued before schema 6',
    );
    expect(named).toHaveLength(1);
    expect((await db.channels.get(channel))?.id).toBe(named[0].id);
  });
});

/**
 * The database as schema 7 or 8 left it: the pixels listed by id, one deleted here whose delete
 * waits, and a QR code (in `qrCodes` at 7, in `qrs` from 8).
 */
async function releasePixelsDatabase(
  name: string,
  version: 7 | 8,
  pixels: { id: number; type: string; name: string; tag: string }[],
) {
  const old = new Dexie(name);
  old.version(1).stores(SCHEMA_V1);
  old.version(2).stores(SCHEMA_V2_CHANGES);
  old.version(3).stores(SCHEMA_V3_CHANGES);
  old.version(4).stores({});
  old.version(5).stores(SCHEMA_V5_CHANGES);
  old.version(6).stores(SCHEMA_V6_CHANGES);
  old.version(7).stores(SCHEMA_V7_CHANGES);
  if (version === 8) old.version(8).stores(SCHEMA_V8_CHANGES);
  const [kept, gone] = pixels.map((p) => ({ ...p, date: '2026-11-01 00:00:00', pulledAt: 5 }));
  await old.table('pixels').add(kept);
  const qr = { key: serverKey(9), id: 9, sync: 'synced', pulledAt: 5, link: '', scans: 0, name: 'Poster' };
  await old.table(version === 7 ? 'qrCodes' : 'qrs').add({ ...qr, date: '2026-11-01 00:00:00', input: null });
  await old.table('outbox').add({
    kind: 'pixel',
    op: 'delete',
    key: `pixel:${gone!.id}`,
    payload: { row: gone },
    deps: [],
    ids: {},
    state: 'pending',
    priority: 1,
    attempts: 0,
    createdAt: Date.now(),
    notBefore: Date.now(),
    ambiguous: false,
    error: null,
  });
  old.close();
  return { kept: kept!, gone: gone!, qr: qr.key };
}

describe.each([7, 8] as const)('upgrading the client database from schema %i', (version) => {
  it('keys the pixels as mirrored records, carries the queued delete and sends it once, and keeps QR codes in `qrs`', async () => {
    const made: { id: number }[] = [];
    for (const n of [1, 2])
      made.push({
        ...(await post('/api/pixel/add', { type: 'gtmpixel', name: `From ${version} ${n}`, tag: `GTM-${n}` })),
      });
    const listed = (await list('/api/pixels')).data.pixels.filter((p: { id: number }) =>
      made.some((m) => m.id === p.id),
    );
    expect(listed).toHaveLength(2);
    const name = `upgrade-from-v${version}`;
    const { kept, gone, qr } = await releasePixelsDatabase(name, version, listed);

    const db = new LinkpilotDb(name);
    await db.open();
    expect(db.verno).toBe(11);
    expect(db.tables.map((t) => t.name)).not.toContain('qrCodes');
    expect((await db.qrs.toArray()).map((row) => row.key)).toEqual([qr]);
    expect(await db.pixels.toArray()).toEqual([
      {
        key: serverKey(kept.id),
        id: kept.id,
        sync: 'synced',
        pulledAt: 5,
        type: kept.type,
        name: kept.name,
        tag: kept.tag,
        date: '2026-11-01 00:00:00',
      },
    ]);
    expect((await db.pixels.where('id').equals(kept.id).first())?.key).toBe(serverKey(kept.id));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'pixel',
      op: 'delete',
      key: serverKey(gone.id),
      deps: [serverKey(gone.id)],
      ids: { [serverKey(gone.id)]: gone.id },
      payload: { row: { key: serverKey(gone.id), id: gone.id, name: gone.name } },
    });

    const engine = createSyncEngine({ db, connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }) });
    expect((await engine.drain()).failed).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    const ids = (await list('/api/pixels')).data.pixels.map((p: { id: number }) => p.id);
    expect(ids).toContain(kept.id);
    expect(ids).not.toContain(gone.id);
    db.close();
  });
});

const AT = '2026-11-01 00:00:00';

/** Each kind of record the API makes and deletes: its table, a row of schema 3, its routes. */
const SERVER_KINDS = [
  {
    table: 'links',
    row: (account: number, n: number) => ({
      account_id: account,
      alias: `schema-3-${n}`,
      longurl: `https://example.com/${n}`,
      date: AT,
    }),
    remove: '/api/url/:id/delete',
    create: ['/api/url/add', { url: 'https://example.com/after-schema-4' }],
  },
  {
    table: 'qr_codes',
    row: (account: number, n: number) => ({
      account_id: account,
      code: `code${n}`,
      type: 'text',
      data: `"QR ${n}"`,
      date: AT,
    }),
    remove: '/api/qr/:id/delete',
    create: ['/api/qr/add', { type: 'text', data: 'After schema 4' }],
  },
  {
    table: 'pixels',
    row: (account: number, n: number) => ({
      account_id: account,
      type: 'gtmpixel',
      name: `Pixel ${n}`,
      tag: `GTM-${n}`,
      date: AT,
    }),
    remove: '/api/pixel/:id/delete',
    create: ['/api/pixel/add', { type: 'gtmpixel', name: 'After schema 4', tag: 'GTM-4' }],
  },
  {
    table: 'channels',
    row: (account: number, n: number) => ({ account_id: account, name: `Channel ${n}`, color: '#6366f1', created: AT }),
    remove: '/api/channel/:id/delete',
    create: ['/api/channel/add', { name: 'After schema 4' }],
  },
  {
    table: 'campaigns',
    row: (account: number, n: number) => ({ account_id: account, name: `Campaign ${n}`, created: AT }),
    remove: '/api/campaign/:id/delete',
    create: ['/api/campaign/add', { name: 'After schema 4' }],
  },
  {
    table: 'domains',
    row: (account: number, n: number) => ({
      account_id: account,
      domain: `https://schema-3-${n}.example`,
      created: AT,
    }),
    remove: '/api/domain/:id/delete',
    create: ['/api/domain/add', { domain: 'https://after-schema-4.example' }],
  },
] as const;

describe('upgrading the server database from schema 3', () => {
  it('keeps every record and index, and a deleted newest id is never handed out again', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-schema-'));
    const file = path.join(dir, 'db.sqlite');
    try {
      const raw = new Database(file);
      migrate(raw, 3);
      const account = createAccount(raw, { email: 'schema-3@linkpilot.test' }, new Date());
      const rows = (table: string, db: Database.Database) => db.prepare(`SELECT * FROM ${table} ORDER BY id`).all();
      const before: Record<string, unknown[]> = {};
      for (const { table, row } of SERVER_KINDS) {
        for (const n of [1, 2]) {
          const values = row(account.id, n);
          raw
            .prepare(
              `INSERT INTO ${table} (${Object.keys(values).join(', ')}) VALUES (${Object.keys(values)
                .map(() => '?')
                .join(', ')})`,
            )
            .run(...Object.values(values));
        }
        before[table] = rows(table, raw);
      }
      raw.close();

      const upgraded = await startServer({ port: 0, db: file, apiKey: account.apiKey, rateLimit: 1000 });
      try {
        const db = upgraded.db;
        expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
        const indexes = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").pluck().all();
        expect(indexes).toEqual(
          expect.arrayContaining(['links_account_date', 'pixels_account', 'sqlite_autoindex_links_1']),
        );
        const call = async (method: string, route: string, body?: unknown) =>
          (
            await fetch(`${upgraded.url}${route}`, {
              method,
              headers: { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' },
              body: body === undefined ? undefined : JSON.stringify(body),
            })
          ).json();
        for (const { table, remove, create } of SERVER_KINDS) {
          expect(rows(table, db), table).toEqual(before[table]);
          expect(db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table), table).toMatch(
            /id INTEGER PRIMARY KEY AUTOINCREMENT/,
          );
          expect(await call('DELETE', remove.replace(':id', '2')), table).toMatchObject({ error: 0 });
          const made = await call('POST', create[0], create[1]);
          expect(made, table).toMatchObject({ error: 0 });
          expect(made.id, table).toBeGreaterThan(2);
        }
      } finally {
        await upgraded.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
