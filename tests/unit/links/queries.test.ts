import { describe, expect, it } from 'vitest';
import type { LinkpilotDb } from '@/lib/db/schema';
import { withLinkWords } from '@/lib/kinds/link-row';
import { linkForPage, linksForPage, linksForPages, linksOfShownPage } from '@/lib/links/queries';
import { freshDb } from '../sync/db';

const add = (db: LinkpilotDb, id: number, longurl: string, date: string) =>
  db.links.add(
    withLinkWords({
      key: `s${id}`,
      id,
      sync: 'synced',
      pulledAt: 0,
      alias: `a${id}`,
      shorturl: `https://sho.rt/a${id}`,
      longurl,
      longurlKey: '',
      clicks: 0,
      title: '',
      description: '',
      date,
      campaignKey: null,
      domain: '',
      status: null,
      input: null,
      words: [],
    }),
  );

describe('the links of a page', () => {
  it('finds every link of the page whatever its tracking parameters, the exact address first, then the newest', async () => {
    const db = freshDb();
    await add(db, 1, 'https://example.com/post?utm_source=news', '2026-01-01 00:00:00');
    await add(db, 2, 'https://example.com/post', '2026-02-01 00:00:00');
    await add(db, 3, 'https://example.com/post?fbclid=x&utm_medium=social', '2026-03-01 00:00:00');
    await add(db, 4, 'https://example.com/post?id=2', '2026-04-01 00:00:00');
    await add(db, 5, 'https://example.com/other', '2026-05-01 00:00:00');
    expect((await linksForPage(db, 'https://example.com/post?utm_source=news')).map((l) => l.id)).toEqual([1, 3, 2]);
    expect((await linksForPage(db, 'https://example.com/post/#top')).map((l) => l.id)).toEqual([2, 3, 1]);
    expect((await linksForPage(db, 'https://example.com/post?gclid=1')).map((l) => l.id)).toEqual([3, 2, 1]);
    expect((await linkForPage(db, 'https://example.com/post?id=2&utm_source=x'))?.id).toBe(4);
    expect(await linkForPage(db, 'https://example.com/new')).toBeUndefined();
    db.close();
  });

  it('is the link itself on one of its short URLs', async () => {
    const db = freshDb();
    await add(db, 7, 'https://example.com/a', '2026-01-01 00:00:00');
    expect((await linksForPage(db, 'https://sho.rt/a7')).map((l) => l.id)).toEqual([7]);
    db.close();
  });

  it('finds the best link of many addresses in one look-up', async () => {
    const db = freshDb();
    await add(db, 1, 'https://example.com/a?utm_source=x', '2026-01-01 00:00:00');
    await add(db, 2, 'https://example.com/a', '2025-01-01 00:00:00');
    const found = await linksForPages(db, ['https://example.com/a', 'https://example.com/a?utm_source=x', 'x']);
    expect([...found].map(([url, link]) => [url, link.id])).toEqual([
      ['https://example.com/a', 2],
      ['https://example.com/a?utm_source=x', 1],
    ]);
    db.close();
  });
});

describe('the links the popup stands for', () => {
  it("are the link just made there once it is in the mirror, else the page's own, else unknown", async () => {
    const db = freshDb();
    await add(db, 1, 'https://example.com/post', '2026-01-01 00:00:00');
    await add(db, 2, 'https://example.com/other', '2026-02-01 00:00:00');
    expect((await linksOfShownPage(db, null, 'https://example.com/post'))?.map((l) => l.id)).toEqual([1]);
    // Just made for the page, the new link stands for it (not the page's older one).
    expect((await linksOfShownPage(db, 's2', 'https://example.com/post'))?.map((l) => l.id)).toEqual([2]);
    expect(await linksOfShownPage(db, 'gone', 'https://example.com/post')).toEqual([]);
    expect(await linksOfShownPage(db, null, undefined)).toBeUndefined();
    db.close();
  });
});
