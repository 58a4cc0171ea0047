import { describe, expect, it } from 'vitest';
import { serverKey } from '@/lib/db/keys';
import { buildSearchIndex, loadSearchIndex } from '@/lib/db/search-index';
import { linkRow } from '@/lib/kinds/link-row';
import { type LinkTableQuery, linkTableTotal } from '@/lib/links/link-table';
import { freshDb } from '../sync/db';

describe('in-memory search index', () => {
  const index = buildSearchIndex([
    { key: serverKey(1), words: ['news', 'paris', '2024'] },
    { key: serverKey(3), words: ['newsletter', 'berlin'] },
    { key: 'l000000001', words: ['recipes', 'paris'] },
    { key: serverKey(2), words: ['news', 'berlin', '2025'] },
  ]);

  it('matches every query word as a prefix, newest first (made here, then by id)', () => {
    expect(index.search(['news'], 10)).toEqual({ keys: [serverKey(3), serverKey(2), serverKey(1)], capped: false });
    expect(index.search(['paris'], 10).keys).toEqual(['l000000001', serverKey(1)]);
    expect(index.search(['news', 'berlin'], 10).keys).toEqual([serverKey(3), serverKey(2)]);
    expect(index.search(['news', '202'], 10).keys).toEqual([serverKey(2), serverKey(1)]);
  });

  it('counts a row once when several of its words share the prefix', () => {
    const twice = buildSearchIndex([{ key: serverKey(1), words: ['news', 'newsletter'] }]);
    expect(twice.search(['new', 'x'], 10).keys).toEqual([]);
    expect(twice.search(['new', 'news'], 10).keys).toEqual([serverKey(1)]);
  });

  it('finds nothing for an unknown word and says when it stopped at the cap', () => {
    expect(index.search(['tokyo'], 10)).toEqual({ keys: [], capped: false });
    expect(index.search(['news', 'tokyo'], 10)).toEqual({ keys: [], capped: false });
    expect(index.search(['news'], 2)).toEqual({ keys: [serverKey(3), serverKey(2)], capped: true });
    expect(index.search([], 10)).toEqual({ keys: [], capped: false });
  });

  it('answers the links table exactly like the IndexedDB word index', async () => {
    const db = freshDb();
    const titles = ['news today', 'recipe soup', 'travel news', 'guide to soup', 'news 12 review'];
    await db.links.bulkPut(
      Array.from({ length: 12_000 }, (_, i) =>
        linkRow(
          {
            id: i + 1,
            alias: `a${i}`,
            shorturl: `https://s.test/a${i}`,
            longurl: `https://example.com/${i % 7}/${i}`,
            clicks: 0,
            title: `${titles[i % titles.length]} ${i}`,
            description: '',
            date: '2026-01-01 00:00:00',
          },
          undefined,
          1,
        ),
      ),
    );
    const loaded = await loadSearchIndex(db, () => false);
    expect(loaded!.size).toBe(12_000);
    const base: LinkTableQuery = {
      sort: 'date',
      search: '',
      channelKey: null,
      campaignKey: null,
      domain: null,
      status: null,
    };
    for (const search of ['news', 'soup 1', 'example 3', 'review 11', 'a1', 'nothing-here', 'news today 5']) {
      const fromDb = await linkTableTotal(db, { ...base, search });
      const fromMemory = await linkTableTotal(db, { ...base, search }, loaded);
      expect(fromMemory.keys, search).toEqual(fromDb.keys);
      expect(fromMemory.total, search).toBe(fromDb.total);
    }
  });

  it('stops loading when cancelled', async () => {
    const db = freshDb();
    await db.links.put(
      linkRow(
        {
          id: 1,
          alias: 'a',
          shorturl: 'https://s.test/a',
          longurl: 'https://example.com',
          clicks: 0,
          title: '',
          description: '',
          date: '2026-01-01 00:00:00',
        },
        undefined,
        1,
      ),
    );
    expect(await loadSearchIndex(db, () => true)).toBeNull();
  });
});
