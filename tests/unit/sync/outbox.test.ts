import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import * as actions from '@/lib/sync/actions';
import { recordServerId } from '@/lib/sync/outbox';
import { isReady } from '@/lib/sync/queue';
import { freshDb } from './db';

const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now: () => Date.UTC(2026, 10, 22, 12) } };
};

describe('a user action writes the record and its outbox entry together', () => {
  it('creating a link shows it at once as pending, findable by its long URL and words', async () => {
    const { db, ctx } = setup();
    const key = await actions.create({ ...ctx, priority: 0 }, 'link', {
      input: { url: 'https://Example.com/Docs/', metatitle: 'Team docs' },
    });
    const row = await db.links.get(key);
    expect(row).toMatchObject({
      id: null,
      sync: 'pending',
      longurlKey: 'https://example.com/Docs',
      title: 'Team docs',
    });
    expect(row?.words).toEqual(expect.arrayContaining(['team', 'docs', 'example']));
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ kind: 'link', op: 'create', key, priority: 0, state: 'pending' });
  });

  it('invalid input is refused with the field named and nothing is written', async () => {
    const { db, ctx } = setup();
    // A link's fields are checked where it is asked for (lib/links/shorten.ts), not again here.
    const colour = await actions.create(ctx, 'channel', { name: 'x', color: 'blue' }).catch((e: unknown) => e);
    expect(isApiError(colour) && colour.field).toBe('color');
    expect(await db.links.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('coalescing', () => {
  it('create + update = one create carrying both', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'channel', { name: 'News' });
    await actions.update(ctx, 'channel', key, { color: '#112233' });
    await actions.update(ctx, 'channel', key, { starred: true });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'create', payload: { name: 'News', color: '#112233', starred: true } });
  });

  it('update + update = one merged update; later values win', async () => {
    const { db, ctx } = setup();
    await db.channels.add({
      key: 's1',
      id: 1,
      sync: 'synced',
      pulledAt: 1,
      name: 'A',
      description: '',
      color: null,
      starred: false,
    });
    await actions.update(ctx, 'channel', 's1', { name: 'B', starred: true });
    await actions.update(ctx, 'channel', 's1', { name: 'C' });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'update', payload: { name: 'C', starred: true }, ids: { s1: 1 } });
    expect((await db.channels.get('s1'))?.name).toBe('C');
  });

  it('create + delete = nothing sent, and assignments waiting on it go too', async () => {
    const { db, ctx } = setup();
    const channel = await actions.create(ctx, 'channel', { name: 'Temp' });
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com' } });
    await actions.create(ctx, 'channelItem', { channelKey: channel, item: { type: 'links', key: link } });
    await actions.remove(ctx, 'channel', [channel]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => `${e.kind}:${e.op}`)).toEqual(['link:create']);
    expect(await db.channels.count()).toBe(0);
    expect(await db.channelItems.count()).toBe(0);
  });

  it('assigning an item to another channel moves it there, here as on the service', async () => {
    const { db, ctx } = setup();
    const first = await actions.create(ctx, 'channel', { name: 'First' });
    const second = await actions.create(ctx, 'channel', { name: 'Second' });
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com' } });
    await actions.create(ctx, 'channelItem', { channelKey: first, item: { type: 'links', key: link } });
    await actions.create(ctx, 'channelItem', { channelKey: second, item: { type: 'links', key: link } });
    const rows = await db.channelItems.where('itemKey').equals(link).toArray();
    expect(rows.map((r) => r.channelKey)).toEqual([second]);
    // Both assignments are sent, in order: the service ends with the second.
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.filter((e) => e.kind === 'channelItem')).toHaveLength(2);
  });

  it('delete wins over earlier updates of a record the service has', async () => {
    const { db, ctx } = setup();
    await db.domains.add({
      key: 's4',
      id: 4,
      sync: 'synced',
      pulledAt: 1,
      domain: 'https://go.test',
      redirectroot: '',
      redirect404: '',
    });
    await actions.update(ctx, 'domain', 's4', { redirectroot: 'https://home.test' });
    await actions.remove(ctx, 'domain', ['s4']);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ op: 'delete', ids: { s4: 4 } });
  });

  it('an update never merges into an entry that is already on the wire', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'channel', { name: 'News' });
    await db.outbox.toCollection().modify({ state: 'inflight' });
    await actions.update(ctx, 'channel', key, { starred: true });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.op)).toEqual(['create', 'update']);
    expect(entries[0]?.payload).toEqual({ name: 'News' });
  });

  it('an edit of a refused create puts it back in the queue', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'channel', { name: 'Dup' });
    await db.outbox
      .toCollection()
      .modify({ state: 'failed', error: { kind: 'validation', message: 'name: taken' } as never });
    await actions.update(ctx, 'channel', key, { name: 'Unique' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'pending', error: null, payload: { name: 'Unique' } });
  });

  it('assigning a link to another campaign replaces the queued assignment', async () => {
    const { db, ctx } = setup();
    await db.campaigns.bulkAdd([
      { key: 'c1', id: 1, sync: 'synced', pulledAt: 1, name: 'A', slug: null, public: false, rotator: null, list: '' },
      { key: 'c2', id: 2, sync: 'synced', pulledAt: 1, name: 'B', slug: null, public: false, rotator: null, list: '' },
    ]);
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com' } });
    await actions.create(ctx, 'campaignLink', { campaignKey: 'c1', key: link });
    await actions.create(ctx, 'campaignLink', { campaignKey: 'c2', key: link });
    const assigns = (await db.outbox.toArray()).filter((e) => e.kind === 'campaignLink');
    expect(assigns).toHaveLength(1);
    expect(assigns[0]?.payload).toEqual({ campaignKey: 'c2' });
    expect((await db.links.get(link))?.campaignKey).toBe('c2');
  });
});

describe('dependencies and id rewriting', () => {
  it('an assignment waits for both creates, and becomes ready when their ids are recorded', async () => {
    const { db, ctx } = setup();
    const channel = await actions.create(ctx, 'channel', { name: 'Offline' });
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } });
    await actions.create(ctx, 'channelItem', { channelKey: channel, item: { type: 'links', key: link } });
    const assign = () => db.outbox.filter((e) => e.kind === 'channelItem').first();
    expect(isReady((await assign())!)).toBe(false);
    await recordServerId(db, channel, 10);
    expect(isReady((await assign())!)).toBe(false);
    await recordServerId(db, link, 20);
    const ready = (await assign())!;
    expect(isReady(ready)).toBe(true);
    expect(ready.ids).toEqual({ [channel]: 10, [link]: 20 });
  });

  it('a link created in a channel that is itself pending depends on it', async () => {
    const { db, ctx } = setup();
    const channel = await actions.create(ctx, 'channel', { name: 'Later' });
    await actions.create(ctx, 'link', { input: { url: 'https://example.com/b' }, channelKey: channel });
    const create = (await db.outbox.filter((e) => e.kind === 'link').first())!;
    expect(create.deps).toEqual([channel]);
    expect(isReady(create)).toBe(false);
    expect((await db.channelItems.toArray())[0]).toMatchObject({ channelKey: channel, sync: 'pending' });
  });
});

describe('discard and retry', () => {
  it('discarding a create removes the record it would have made', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/c' } });
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry!.seq!, { state: 'failed' });
    await actions.discardChange(ctx, entry!.seq!);
    expect(await db.links.get(key)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
  });

  it('retrying a failed entry makes it pending again, and the record shows pending', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'campaign', { name: 'Spring' });
    const [entry] = await db.outbox.toArray();
    await db.outbox.update(entry!.seq!, { state: 'failed', attempts: 3 });
    await db.campaigns.update(key, { sync: 'failed' });
    await actions.retryChange(ctx, entry!.seq!);
    expect(await db.outbox.get(entry!.seq!)).toMatchObject({ state: 'pending', attempts: 0 });
    expect((await db.campaigns.get(key))?.sync).toBe('pending');
  });
});
