import { describe, expect, it } from 'vitest';
import { compareKeysNewestFirst, newLocalKey, serverKey } from '@/lib/db/keys';
import { linkRow } from '@/lib/kinds/link-row';
import {
  type LinkTableQuery,
  linkTableTotal,
  linkTableWindow,
  trendingLinks,
  watchLinkTable,
} from '@/lib/links/link-table';
import { freshDb } from '../sync/db';

const base: LinkTableQuery = {
  sort: 'date',
  search: '',
  channelKey: null,
  campaignKey: null,
  domain: null,
  status: null,
};

async function seeded() {
  const db = freshDb();
  const rows = Array.from({ length: 40 }, (_, i) =>
    linkRow(
      {
        id: i + 1,
        alias: `a${i}`,
        shorturl: `https://s.test/a${i}`,
        longurl: `https://example.com/${i % 2 ? 'news' : 'recipes'}/${i}`,
        clicks: i % 5,
        title: `Item ${i}`,
        description: '',
        date: `2026-01-01 00:${String(i).padStart(2, '0')}:00`,
      },
      undefined,
      1,
    ),
  );
  await db.links.bulkPut(rows);
  return db;
}

describe('links table queries', () => {
  it('pages through the sort index without a filter', async () => {
    const db = await seeded();
    const shape = await linkTableTotal(db, base);
    expect(shape).toEqual({ total: 40, capped: false, keys: null });
    const window = await linkTableWindow(db, base, null, 5, 3);
    expect(window.map((r) => r.title)).toEqual(['Item 34', 'Item 33', 'Item 32']);
    const byClicks = await linkTableWindow(db, { ...base, sort: 'clicks' }, null, 0, 1);
    expect(byClicks[0]!.clicks).toBe(4);
  });

  it('answers a plain search from the word index, newest first, every word required', async () => {
    const db = await seeded();
    const shape = await linkTableTotal(db, { ...base, search: 'news' });
    expect(shape.total).toBe(20);
    expect(shape.keys![0]).toBe(serverKey(40));
    const both = await linkTableTotal(db, { ...base, search: 'news 3' });
    const rows = await linkTableWindow(db, base, both.keys, 0, 50);
    // A query word is a prefix: "3" finds the number 3 and the numbers that start with it.
    expect(rows.map((r) => r.title).sort()).toEqual(['Item 3', 'Item 31', 'Item 33', 'Item 35', 'Item 37', 'Item 39']);
  });

  it('orders keys: made here first, then pulled by id, newest first', () => {
    expect([serverKey(9), 'l00000001', serverKey(10)].sort(compareKeysNewestFirst)).toEqual([
      'l00000001',
      serverKey(10),
      serverKey(9),
    ]);
  });
});

describe('watching the links table', () => {
  it('re-runs a live query for a new, changed or deleted link and a channel assignment anywhere in the table', async () => {
    const { liveQuery } = await import('dexie');
    const db = await seeded();
    let runs = 0;
    const subscription = liveQuery(async () => {
      await watchLinkTable(db);
      runs += 1;
    }).subscribe({});
    const settle = () => new Promise((r) => setTimeout(r, 50));
    const expectRerun = async (change: () => Promise<unknown>) => {
      const before = runs;
      await change();
      await expect.poll(() => runs).toBe(before + 1);
    };
    await expect.poll(() => runs).toBe(1);
    const last = (await db.links.orderBy('key').last())!;
    await expectRerun(() => db.links.update(last.key, { clicks: 99 }));
    await expectRerun(() => db.links.put({ ...last, key: 'l0000000000zz', id: null }));
    await expectRerun(() => db.links.delete(last.key));
    await expectRerun(() =>
      db.channelItems.put({
        key: 'c1|links|l0000000000zz',
        channelKey: 'c1',
        itemKey: 'l0000000000zz',
        itemId: null,
        type: 'links',
        title: '',
        preview: '',
        link: '',
        date: null,
        sync: 'pending',
      }),
    );
    await settle();
    subscription.unsubscribe();
  });
});

describe('the Trending order', () => {
  it('puts the links that gained most in the last 7 days first, then the rest newest first', async () => {
    const db = await seeded();
    const now = Date.UTC(2026, 10, 22);
    // A link made here keeps its local key: found without reading it, by the key its readings name.
    const mine = linkRow(
      {
        id: 41,
        alias: 'mine',
        shorturl: 'https://s.test/mine',
        longurl: 'https://example.com/mine',
        clicks: 5,
        title: 'Mine',
        description: '',
        date: '2025-12-01 00:00:00',
      },
      undefined,
      1,
    );
    mine.key = newLocalKey(now - 20 * 86_400_000);
    await db.links.put(mine);
    const { recordTotals } = await import('@/lib/refresh/apply');
    // Link 3 gained 5 this week, link 10 gained 2, link 41 (made here) 5 in two readings; link 20
    // gained 9, but 10 days ago.
    await recordTotals(db, 'link', [{ id: 20, key: serverKey(20), clicks: 9, before: 0 }], now - 10 * 86_400_000);
    await recordTotals(db, 'link', [{ id: 3, key: serverKey(3), clicks: 7, before: 2 }], now - 2 * 86_400_000);
    await recordTotals(db, 'link', [{ id: 41, key: mine.key, clicks: 3, before: 0 }], now - 2 * 86_400_000);
    await recordTotals(db, 'link', [{ id: 10, key: serverKey(10), clicks: 4, before: 2 }], now - 86_400_000);
    await recordTotals(db, 'link', [{ id: 41, key: mine.key, clicks: 5, before: 3 }], now - 86_400_000);
    const q = { ...base, sort: 'trending' as const };
    expect(await trendingLinks(db, now)).toEqual([mine.key, serverKey(3), serverKey(10)]);
    const shape = await linkTableTotal(db, q, null, now);
    expect(shape.total).toBe(41);
    const first = await linkTableWindow(db, q, shape.keys, 0, 4);
    // Equal gains: the newer first by key (made here before pulled); then the rest newest first by date.
    expect(first.map((r) => r.id)).toEqual([41, 3, 10, 40]);
    const filtered = await linkTableTotal(db, { ...q, search: 'news' }, null, now);
    expect((await linkTableWindow(db, q, filtered.keys, 0, 2)).map((r) => r.id)).toEqual([10, 40]);
  });
});
