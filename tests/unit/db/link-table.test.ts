import { describe, expect, it } from 'vitest';
import { compareKeysNewestFirst, serverKey } from '@/lib/db/keys';
import { type LinkTableQuery, linkTableTotal, linkTableWindow, watchLinkTable } from '@/lib/db/link-table';
import { linkRow } from '@/lib/db/rows';
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
    // One-character words are not indexed, so "3" finds the numbers that start with it.
    expect(rows.map((r) => r.title).sort()).toEqual(['Item 31', 'Item 33', 'Item 35', 'Item 37', 'Item 39']);
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
