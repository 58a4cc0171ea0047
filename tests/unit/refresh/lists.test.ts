import { describe, expect, it } from 'vitest';
import { readMeta } from '@/lib/db/meta';
import type { LinkpilotDb } from '@/lib/db/schema';
import { type Boundary, type ListState, listSource, readPage } from '@/lib/refresh/lists';
import { pullCursorKey, pullStep, readStatus, requestPull, writeStatus } from '@/lib/refresh/pull';
import { freshDb } from '../sync/db';
import { apiFor, type FakeService, fakeService } from '../sync/fake-service';
import { channelRecord, linkRecord, minute, pagedService, type Records } from '../sync/paged-service';

const T = Date.UTC(2026, 10, 22, 12);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A full walk, as the engine runs it, at time `at` (bounded). */
async function walk(db: LinkpilotDb, service: FakeService, at: number) {
  await requestPull(db, at);
  for (let i = 0; i < 1000 && (await pullStep(db, apiFor(service), () => at)); i++);
  expect(await readMeta(db, pullCursorKey)).toBeNull();
}

/** Reads pages of a list one after the other, as a head check or the walk does, from `startedAt`. */
async function readPages(
  db: LinkpilotDb,
  service: FakeService,
  list: 'channels' | 'links',
  pages: number[],
  startedAt: number,
): Promise<ListState> {
  let state: ListState = await readStatus(db, list);
  let previous: Boundary | null = null;
  for (const [i, page] of pages.entries()) {
    const read = await readPage(db, apiFor(service), listSource(list), {
      page,
      at: startedAt + i,
      previous,
      forward: true,
      startedAt,
      state,
    });
    state = read.state;
    previous = read.boundary;
  }
  await writeStatus(db, list, { ...(await readStatus(db, list)), ...state });
  return state;
}

const channelIds = async (db: LinkpilotDb) => (await db.channels.toArray()).map((c) => c.id).sort((a, b) => a! - b!);
const linkIds = async (db: LinkpilotDb) => (await db.links.toArray()).map((l) => l.id).sort((a, b) => a! - b!);

describe('a page proves which mirrored records were deleted elsewhere', () => {
  it('those it skips over; the first page reaches the newest end, the last page the oldest', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { channels: range(1, 250).map((id) => channelRecord(id)) };
    const service = pagedService(lists);
    await walk(db, service, T);
    lists.channels = lists.channels!.filter((c) => ![1, 120, 250].includes(c.id));

    await readPages(db, service, 'channels', [2], T + 1000);
    expect(await channelIds(db)).toEqual(range(1, 250).filter((id) => id !== 120));
    await readPages(db, service, 'channels', [1], T + 2000);
    expect(await channelIds(db)).toEqual(range(1, 249).filter((id) => id !== 120));
    await readPages(db, service, 'channels', [3], T + 3000);
    expect(await channelIds(db)).toEqual(range(2, 249).filter((id) => id !== 120));
  });

  it('one page that is the whole list proves everything, in any order', async () => {
    const db = freshDb();
    const shuffled = [channelRecord(3), channelRecord(9), channelRecord(1)];
    const service = fakeService(({ path }) => {
      if (path === '/api/channels')
        return { body: { error: '0', data: { perpage: 100, currentpage: 1, maxpage: 1, channels: shuffled } } };
      return { body: { error: '0', data: { perpage: 100, currentpage: 1, maxpage: 1 } } };
    });
    await readPages(db, service, 'channels', [1], T);
    shuffled.splice(1, 1);
    await readPages(db, service, 'channels', [1], T + 1000);
    expect(await channelIds(db)).toEqual([1, 3]);
  });

  it('records sharing a date with the edge of a page may continue on the next one: they stay', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { urls: [1, 2, 3, 4].map((id) => linkRecord(id, minute(0))) };
    const service = pagedService(lists, { maxLimit: 2 });
    await walk(db, service, T);
    await readPages(db, service, 'links', [1], T + 1000);
    expect(await linkIds(db)).toEqual([1, 2, 3, 4]);
  });

  it('a record between two pages read one after the other is suspected, and deleted when missed again later', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { urls: range(1, 6).map((id) => linkRecord(id, minute(id))) };
    const service = pagedService(lists, { maxLimit: 2 });
    await walk(db, service, T);
    // 4 goes: the pages become [6 5] [3 2] [1], and 4 lies between the first two.
    lists.urls = lists.urls!.filter((l) => l.id !== 4);
    const first = await readPages(db, service, 'links', [1, 2], T + 1000);
    expect(await linkIds(db)).toEqual(range(1, 6));
    expect(Object.keys(first.suspects ?? {})).toHaveLength(1);
    await readPages(db, service, 'links', [1, 2], T + 2000);
    expect(await linkIds(db)).toEqual([1, 2, 3, 5, 6]);
  });

  it('a record that merely moved between two pages (a deletion above it) is seen at the next reading and stays', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { urls: range(1, 6).map((id) => linkRecord(id, minute(id))) };
    const service = pagedService(lists, { maxLimit: 2 });
    await walk(db, service, T);
    const api = apiFor(service);
    const state = await readStatus(db, 'links');
    const first = await readPage(db, api, listSource('links'), {
      page: 1,
      at: T + 1000,
      previous: null,
      forward: true,
      startedAt: T + 1000,
      state,
    });
    // 6 is deleted elsewhere between the two pages: 4 moves up to page 1, which was read already.
    lists.urls = lists.urls!.filter((l) => l.id !== 6);
    const second = await readPage(db, api, listSource('links'), {
      page: 2,
      at: T + 1001,
      previous: first.boundary,
      forward: true,
      startedAt: T + 1000,
      state: first.state,
    });
    expect(Object.keys(second.state.suspects ?? {})).toHaveLength(1);
    await readPages(db, service, 'links', [1, 2, 3], T + 2000);
    expect(await linkIds(db)).toEqual([1, 2, 3, 4, 5]);
    expect((await readStatus(db, 'links')).suspects).toEqual({});
  });

  it('a page holding a record it could not read proves nothing', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { channels: range(1, 250).map((id) => channelRecord(id)) };
    const service = pagedService(lists);
    await walk(db, service, T);
    lists.channels = lists.channels!.filter((c) => c.id !== 120);
    lists.channels.push({ id: 121.5, name: 'unreadable' } as never);
    await readPages(db, service, 'channels', [2], T + 1000);
    expect(await channelIds(db)).toContain(120);
  });

  it('a list whose pages show no order: a record a complete walk missed goes after the next walk misses it too', async () => {
    const db = freshDb();
    let records = range(1, 5).map((id) => channelRecord(id));
    // Listed by name: the ids come in no order the client can use.
    const byName = [1, 3, 5, 2, 4];
    const service = fakeService(({ path, query }) => {
      const page = Number(query.get('page') ?? 1);
      const empty = { error: '0', data: { perpage: 2, currentpage: page, maxpage: 1 } };
      if (path !== '/api/channels')
        return path === '/api/account' ? { body: { error: 0, data: { id: 1 } } } : { body: empty };
      const listed = byName.map((id) => records.find((c) => c.id === id)).filter((c) => c !== undefined);
      const maxpage = Math.ceil(listed.length / 2);
      return {
        body: {
          error: '0',
          data: { perpage: 2, currentpage: page, maxpage, channels: listed.slice((page - 1) * 2, page * 2) },
        },
      };
    });
    await walk(db, service, T);
    expect((await readStatus(db, 'channels')).order).toBe('unordered');
    records = records.filter((c) => c.id !== 2);
    await walk(db, service, T + 1000);
    expect(await channelIds(db)).toEqual([1, 2, 3, 4, 5]);
    await walk(db, service, T + 2000);
    expect(await channelIds(db)).toEqual([1, 3, 4, 5]);
  });
});

describe('a page read writes only what changed', () => {
  it('unchanged rows keep their row as it was; a record edited elsewhere is counted and written', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { channels: range(1, 5).map((id) => channelRecord(id)) };
    const service = pagedService(lists);
    await walk(db, service, T);
    lists.channels![4] = channelRecord(5, 'Renamed elsewhere');
    const read = await readPage(db, apiFor(service), listSource('channels'), {
      page: 1,
      at: T + 1000,
      previous: null,
      forward: true,
      startedAt: T + 1000,
      state: {},
    });
    expect(read.changed).toBe(1);
    const rows = await db.channels.orderBy('id').toArray();
    expect(rows.map((r) => [r.id, r.pulledAt])).toEqual([
      [1, T],
      [2, T],
      [3, T],
      [4, T],
      [5, T + 1000],
    ]);
    expect(rows[4]!.name).toBe('Renamed elsewhere');
  });

  it('a click count that moved is written, but is no edit', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { urls: [linkRecord(1, minute(1))] };
    const service = pagedService(lists);
    await walk(db, service, T);
    lists.urls = [linkRecord(1, minute(1), { clicks: 12 })];
    const read = await readPage(db, apiFor(service), listSource('links'), {
      page: 1,
      at: T + 1000,
      previous: null,
      forward: true,
      startedAt: T + 1000,
      state: {},
    });
    expect(read.changed).toBe(0);
    expect((await db.links.toArray())[0]!.clicks).toBe(12);
  });
});
