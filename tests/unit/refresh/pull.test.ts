import { describe, expect, it } from 'vitest';
import { readMeta } from '@/lib/db/meta';
import type { LinkpilotDb } from '@/lib/db/schema';
import { linkRow } from '@/lib/kinds/link-row';
import { searchLinks } from '@/lib/links/queries';
import { pullCursorKey, pullStep, requestPull } from '@/lib/refresh/pull';
import * as actions from '@/lib/sync/actions';
import { freshDb } from '../sync/db';
import { apiFor, fakeService, listedLink, page } from '../sync/fake-service';

const NOW = Date.UTC(2026, 10, 22, 12);
const channel = (id: number, name = 'Launch') => ({ id, name, description: '', color: '#112233', starred: false });
const campaign = (id: number, name: string, rotator: string | false = false) => ({
  id,
  name,
  public: false,
  rotator,
  list: `https://s.test/c/${id}`,
});
const qr = (id: number, name: string) => ({ id, link: `https://s.test/qr/${id}`, scans: 0, name, date: null });
const link = listedLink;

/** A service listing these records (every list not given is empty). */
function serviceListing(lists: Record<string, unknown[]>, items: Record<number, unknown[]> = {}) {
  return fakeService(({ path }) => {
    if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } } };
    const channelItems = /^\/api\/channel\/(\d+)$/.exec(path);
    if (channelItems) return page('items', items[Number(channelItems[1])] ?? []);
    const collection = { overlay: 'cta', splash: 'splash', qr: 'qrs', urls: 'urls' }[path.slice(5)] ?? path.slice(5);
    return page(collection, lists[collection] ?? []);
  });
}

/** A full pull, step by step, as the engine runs it (bounded). */
async function pullAll(db: LinkpilotDb, service: ReturnType<typeof fakeService>, at = NOW) {
  await requestPull(db, at);
  for (let i = 0; i < 50 && (await pullStep(db, apiFor(service), () => at)); i++);
  expect(await readMeta(db, pullCursorKey)).toBeNull();
}

/** A record made here and sent: its id known, nothing queued. */
async function madeHere(db: LinkpilotDb, make: () => Promise<string>, id: number): Promise<string> {
  const key = await make();
  for (const table of [db.channels, db.campaigns, db.qrs, db.links]) await table.update(key, { id, sync: 'synced' });
  await db.outbox.clear();
  return key;
}

describe('the pull merges pages by server id', () => {
  it('queued edits stay on top of pulled values, and records deleted here are not brought back', async () => {
    const db = freshDb();
    await db.channels.bulkAdd([
      { key: 's1', id: 1, sync: 'synced', pulledAt: 0, name: 'Old', description: '', color: null, starred: false },
      { key: 's2', id: 2, sync: 'synced', pulledAt: 0, name: 'Gone', description: '', color: null, starred: false },
    ]);
    await actions.update({ db }, 'channel', 's1', { name: 'Renamed here' });
    await actions.remove({ db }, 'channel', ['s2']);
    await pullAll(db, serviceListing({ channels: [channel(1, 'Old'), channel(2, 'Gone'), channel(3, 'New')] }));
    expect((await db.channels.orderBy('id').toArray()).map((c) => [c.id, c.name, c.sync])).toEqual([
      [1, 'Renamed here', 'pending'],
      [3, 'New', 'synced'],
    ]);
  });

  it('a record that may be what an unsettled create made waits for the look-up; others are mirrored', async () => {
    const db = freshDb();
    await actions.create({ db }, 'channel', { name: 'Maybe made' });
    await db.outbox.toCollection().modify({ ambiguous: true });
    await pullAll(db, serviceListing({ channels: [channel(5, 'Maybe made'), channel(6, 'Other')] }));
    expect((await db.channels.toArray()).map((c) => [c.id, c.name])).toEqual([
      [null, 'Maybe made'],
      [6, 'Other'],
    ]);
  });

  it('a record that a create still on the wire may have made waits for its answer, which brings its id', async () => {
    const db = freshDb();
    await actions.create({ db }, 'channel', { name: 'Being made' });
    // Sent, not yet answered: the service may have made it, and its answer is about to say so.
    await db.outbox.toCollection().modify({ state: 'inflight', sentAt: 1 });
    await pullAll(db, serviceListing({ channels: [channel(5, 'Being made'), channel(6, 'Other')] }));
    expect((await db.channels.toArray()).map((c) => [c.id, c.name])).toEqual([
      [null, 'Being made'],
      [6, 'Other'],
    ]);
  });

  it('after a complete walk, synced records no longer listed go with what hangs off them; queued ones stay', async () => {
    const db = freshDb();
    await db.channels.add({
      key: 's7',
      id: 7,
      sync: 'synced',
      pulledAt: 0,
      name: 'Gone',
      description: '',
      color: null,
      starred: false,
    });
    await db.channelItems.add({
      key: 's7|links|s9',
      channelKey: 's7',
      type: 'links',
      itemKey: null,
      itemId: 9,
      title: '',
      preview: '',
      link: '',
      date: null,
      sync: 'synced',
    });
    await db.links.add({ ...(await linkRowOf(db, 9)), key: 's9' });
    await db.linkStats.add({
      key: 's9',
      stats: { clicks: 0 } as never,
      location: [],
      device: [],
      expiry: null,
      fetchedAt: 0,
    });
    const queued = await actions.create({ db }, 'channel', { name: 'Not sent yet' });
    await pullAll(db, serviceListing({}));
    expect(await db.channels.toCollection().primaryKeys()).toEqual([queued]);
    expect([await db.channelItems.count(), await db.links.count(), await db.linkStats.count()]).toEqual([0, 0, 0]);
  });

  it('a link indexed before one-letter words counted is re-indexed when its page is read again', async () => {
    const db = freshDb();
    const listed = { ...link(7, 'https://example.com/plans'), title: 'Plan B' };
    const mirrored = linkRow(listed, undefined, 0);
    await db.links.add({ ...mirrored, words: mirrored.words.filter((w) => w.length > 1) });
    expect(await searchLinks(db, 'plan b')).toEqual([]);
    await pullAll(db, serviceListing({ urls: [listed] }));
    expect((await searchLinks(db, 'plan b')).map((l) => l.title)).toEqual(['Plan B']);
  });

  it('channel items: the synced ones are replaced on each pull, queued assignments stay', async () => {
    const db = freshDb();
    await db.channels.add({
      key: 's4',
      id: 4,
      sync: 'synced',
      pulledAt: 0,
      name: 'News',
      description: '',
      color: null,
      starred: false,
    });
    await actions.create({ db }, 'channelItem', {
      channelKey: 's4',
      item: { type: 'bio', id: 77, title: 'Queued bio' },
    });
    const item = (id: number) => ({
      type: 'links',
      id,
      title: `Link ${id}`,
      preview: '',
      link: '',
      date: '2026-11-22',
    });
    const lists = { channels: [channel(4, 'News')], urls: [link(8, 'https://example.com/8')] };
    await pullAll(db, serviceListing(lists, { 4: [item(8), item(9)] }));
    // A minute later: what a pull may take for deleted is what it knew before it asked.
    await pullAll(db, serviceListing(lists, { 4: [item(8)] }), NOW + 60_000);
    const rows = (await db.channelItems.toArray()).sort((a, b) => (a.itemId ?? 0) - (b.itemId ?? 0));
    expect(rows.map((r) => [r.itemId, r.itemKey, r.sync])).toEqual([
      [8, 's000000000000008', 'synced'],
      [77, null, 'pending'],
    ]);
  });

  it('overlays and splash pages are replaced by each pull', async () => {
    const db = freshDb();
    await db.overlays.add({ id: 1, type: 'message', name: 'Old', date: null });
    await pullAll(
      db,
      serviceListing({
        cta: [{ id: 2, type: 'message', name: 'New', date: null }],
        splash: [{ id: 3, name: 'Splash', date: null }],
      }),
    );
    expect([await db.overlays.toCollection().primaryKeys(), await db.splashPages.toCollection().primaryKeys()]).toEqual(
      [[2], [3]],
    );
  });
});

describe('look-alikes of records made here are flagged, never deleted unasked', () => {
  it('a new record within three ids of one of ours (below or above), with its name, is a likely copy', async () => {
    const db = freshDb();
    const mine = await madeHere(db, () => actions.create({ db }, 'channel', { name: 'Launch' }), 10);
    const listed = [channel(6), channel(9), channel(10), channel(11), channel(14), channel(12, 'Other')];
    await pullAll(db, serviceListing({ channels: listed }));
    const flagged = (await db.channels.where('twinOf').equals(mine).toArray()).map((c) => c.id);
    expect(flagged.sort()).toEqual([11, 9]);
    expect((await db.channels.get(mine))?.twinOf).toBeUndefined();
  });

  it('a record mirrored before ours was made is no copy of it', async () => {
    const db = freshDb();
    await pullAll(db, serviceListing({ channels: [channel(9)] }));
    // Here a second channel of a name is refused; made on another device, one reaches the mirror.
    const elsewhere = async () => {
      const key = await actions.create({ db }, 'channel', { name: 'Launch on another device' });
      await db.channels.update(key, { name: 'Launch' });
      return key;
    };
    await madeHere(db, elsewhere, 10);
    await pullAll(db, serviceListing({ channels: [channel(9), channel(10)] }));
    expect(await db.channels.where('twinOf').above('').count()).toBe(0);
  });

  it('QR codes by name; campaigns only without a slug, which the service keeps unique', async () => {
    const db = freshDb();
    const code = await madeHere(
      db,
      () => actions.create({ db }, 'qr', { type: 'text', data: 'x', name: 'Poster' }),
      10,
    );
    const plain = await madeHere(db, () => actions.create({ db }, 'campaign', { name: 'Spring' }), 20);
    await madeHere(db, () => actions.create({ db }, 'campaign', { name: 'Summer', slug: 'summer' }), 30);
    await db.campaigns.where('id').equals(30).modify({ rotator: 'https://s.test/r/summer' });
    await pullAll(
      db,
      serviceListing({
        qrs: [qr(7, 'Poster'), qr(10, 'Poster')],
        campaigns: [
          campaign(19, 'Spring'),
          campaign(20, 'Spring'),
          campaign(29, 'Summer'),
          campaign(30, 'Summer', 'https://s.test/r/summer'),
        ],
      }),
    );
    expect((await db.qrs.where('id').equals(7).first())?.twinOf).toBe(code);
    expect((await db.campaigns.where('id').equals(19).first())?.twinOf).toBe(plain);
    expect((await db.campaigns.where('id').equals(29).first())?.twinOf).toBeUndefined();
  });

  it('a short link by its long URL, unless ours was made with a custom alias (the service refuses that copy)', async () => {
    const db = freshDb();
    const mine = await madeHere(
      db,
      () => actions.create({ db }, 'link', { input: { url: 'https://example.com/page' } }),
      10,
    );
    await madeHere(
      db,
      () => actions.create({ db }, 'link', { input: { url: 'https://example.com/own', custom: 'own' } }),
      20,
    );
    await pullAll(
      db,
      serviceListing({
        urls: [
          link(9, 'https://example.com/page'),
          link(11, 'https://example.com/other'),
          link(19, 'https://example.com/own'),
          link(10, 'https://example.com/page'),
          link(20, 'https://example.com/own', 'own'),
        ],
      }),
    );
    expect((await db.links.filter((l) => l.twinOf === mine).toArray()).map((l) => l.id)).toEqual([9]);
    expect((await db.links.toArray()).filter((l) => l.twinOf !== undefined)).toHaveLength(1);
  });
});

async function linkRowOf(db: LinkpilotDb, id: number) {
  const key = await actions.create({ db }, 'link', { input: { url: `https://example.com/${id}` } });
  const row = (await db.links.get(key))!;
  await db.links.delete(key);
  await db.outbox.clear();
  return { ...row, id, sync: 'synced' as const };
}
