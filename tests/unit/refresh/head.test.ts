import { describe, expect, it } from 'vitest';
import { readMeta } from '@/lib/db/meta';
import type { LinkpilotDb } from '@/lib/db/schema';
import { type HeadCollection, headStep, MAX_HEAD_PAGES } from '@/lib/refresh/head';
import { pullCursorKey, pullStep, readStatus, requestPull } from '@/lib/refresh/pull';
import * as actions from '@/lib/sync/actions';
import { freshDb } from '../sync/db';
import { apiFor, type FakeService } from '../sync/fake-service';
import {
  channelRecord,
  linkRecord,
  minute,
  type PagedOptions,
  pagedService,
  type Records,
} from '../sync/paged-service';

const T = Date.UTC(2026, 10, 22, 12);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function mirror(lists: Record<string, Records>, options: PagedOptions = {}) {
  const db = freshDb();
  const service = pagedService(lists, options);
  await requestPull(db, T);
  for (let i = 0; i < 1000 && (await pullStep(db, apiFor(service), () => T)); i++);
  expect(await readMeta(db, pullCursorKey)).toBeNull();
  service.requests.length = 0;
  return { db, service };
}

/** A whole head check (bounded), returning the pages it asked for. */
async function headCheck(db: LinkpilotDb, service: FakeService, list: HeadCollection, at = T + 60_000) {
  service.requests.length = 0;
  for (let i = 0; i < 20 && (await headStep(db, apiFor(service), list, at)); i++);
  return service.requests.map((r) => Number(new URLSearchParams(r.query).get('page')));
}

describe('head checks read each list from its newest end', () => {
  it('when nothing changed: one request, and the list is marked checked', async () => {
    const { db, service } = await mirror({
      channels: range(1, 250).map((id) => channelRecord(id)),
      urls: range(1, 250).map((id) => linkRecord(id, minute(id))),
    });
    expect(await headCheck(db, service, 'channels')).toEqual([1]);
    expect(await headCheck(db, service, 'links')).toEqual([1]);
    expect(service.requests[0]!.query).toContain('order=date');
    expect((await readStatus(db, 'links')).checkedAt).toBe(T + 60_000);
  });

  it('records made elsewhere: it reads on until a page holds nothing new', async () => {
    const lists: Record<string, Records> = { urls: range(1, 250).map((id) => linkRecord(id, minute(id))) };
    const { db, service } = await mirror(lists);
    lists.urls!.push(...range(251, 400).map((id) => linkRecord(id, minute(id))));
    // 150 new: page 1 is all new, page 2 half, page 3 none.
    expect(await headCheck(db, service, 'links')).toEqual([1, 2, 3]);
    expect(await db.links.count()).toBe(400);
  });

  it('stops after a few pages of news: the rest is the reconcile walk’s', async () => {
    const lists: Record<string, Records> = { channels: range(1, 10).map((id) => channelRecord(id)) };
    const { db, service } = await mirror(lists, { maxLimit: 2 });
    lists.channels!.push(...range(11, 40).map((id) => channelRecord(id)));
    expect(await headCheck(db, service, 'channels')).toHaveLength(MAX_HEAD_PAGES);
  });

  it('an edit made elsewhere to a recent record lands; a deletion among the newest goes', async () => {
    const lists: Record<string, Records> = { channels: range(1, 250).map((id) => channelRecord(id)) };
    const { db, service } = await mirror(lists);
    lists.channels = lists
      .channels!.filter((c) => c.id !== 240)
      .map((c) => (c.id === 249 ? channelRecord(249, 'Renamed') : c));
    expect(await headCheck(db, service, 'channels')).toEqual([1, 2]);
    expect((await db.channels.where('id').equals(249).first())?.name).toBe('Renamed');
    expect(await db.channels.where('id').equals(240).count()).toBe(0);
  });

  it('a queued edit of ours is no news: it stays on top, and the check ends at once', async () => {
    const lists: Record<string, Records> = { channels: range(1, 250).map((id) => channelRecord(id)) };
    const { db, service } = await mirror(lists);
    const key = (await db.channels.where('id').equals(250).first())!.key;
    await actions.update({ db }, 'channel', key, { name: 'Mine' });
    expect(await headCheck(db, service, 'channels')).toEqual([1]);
    expect((await db.channels.get(key))?.name).toBe('Mine');
  });

  it('a list shown oldest first is read from its last page back', async () => {
    const lists: Record<string, Records> = { channels: range(1, 250).map((id) => channelRecord(id)) };
    const { db, service } = await mirror(lists, { oldestFirst: true });
    expect((await readStatus(db, 'channels')).order).toBe('asc');
    expect(await headCheck(db, service, 'channels')).toEqual([3]);
    lists.channels!.push(...range(251, 260).map((id) => channelRecord(id)));
    // Page 3 grew from 50 to 60 records; nothing before it is new.
    expect(await headCheck(db, service, 'channels')).toEqual([3, 2]);
    expect(await db.channels.count()).toBe(260);
  });

  it('asks for 1,000 a page and goes by the page size the service gives, even one that ignores `limit`', async () => {
    const lists: Record<string, Records> = { channels: range(1, 40).map((id) => channelRecord(id)) };
    const { db, service } = await mirror(lists, { fixedPage: 15 });
    expect(await db.channels.count()).toBe(40);
    expect((await readStatus(db, 'channels')).perpage).toBe(15);
    expect((await readStatus(db, 'channels')).maxpage).toBe(3);
    lists.channels!.push(channelRecord(41));
    expect(await headCheck(db, service, 'channels')).toEqual([1, 2]);
    expect(new URLSearchParams(service.requests[0]!.query).get('limit')).toBe('1000');
    expect(await db.channels.count()).toBe(41);
  });
});
