import { describe, expect, it } from 'vitest';
import { linkRow } from '@/lib/db/rows';
import type { LinkRow } from '@/lib/db/schema';
import { enteredAction, suggestionsFor } from '@/lib/links/omnibox';
import { startOmniboxSearch } from '@/lib/links/omnibox-search';
import { freshDb } from '../sync/db';

const link = (n: number, over: Partial<LinkRow> = {}) =>
  ({
    key: `s${n}`,
    alias: `a${n}`,
    shorturl: `https://sho.rt/a${n}`,
    longurl: `https://example.com/${n}`,
    title: `Page ${n}`,
    ...over,
  }) as LinkRow;
const words = { copy: (url: string) => `Copy ${url}` };

describe('the address bar keyword', () => {
  it('suggests each link to open, and the first one to copy right after it', () => {
    const shown = suggestionsFor([link(1), link(2)], false, words);
    expect(shown.map((s) => s.content)).toEqual([
      'https://example.com/1',
      'lp-copy:https://sho.rt/a1',
      'https://example.com/2',
    ]);
    expect(shown[0]!.description).toBe('https://sho.rt/a1 · Page 1 · https://example.com/1');
    expect(shown[1]!.description).toBe('Copy https://sho.rt/a1');
  });

  it("writes Chrome's markup with every character of the service's text escaped", () => {
    const [first] = suggestionsFor(
      [link(1, { title: 'Tom & <b>"Jerry"</b>', longurl: 'https://e.com/?a=1&b=2' })],
      true,
      words,
    );
    expect(first!.description).toBe(
      '<match>https://sho.rt/a1</match> Tom &amp; &lt;b&gt;&quot;Jerry&quot;&lt;/b&gt; <dim>—</dim> <url>https://e.com/?a=1&amp;b=2</url>',
    );
  });

  it('shows a page shortened twice once, and offers no copy for a link still without its short URL', () => {
    const same = 'https://example.com/same';
    const shown = suggestionsFor([link(1, { shorturl: '', longurl: same }), link(2, { longurl: same })], false, words);
    expect(shown.map((s) => s.content)).toEqual([same, 'lp-copy:https://sho.rt/a2']);
  });

  it('opens a chosen page, copies a chosen short link, opens the best match for typed words, and never opens what is not a web page', () => {
    expect(enteredAction('https://example.com/1', undefined)).toEqual({ open: 'https://example.com/1' });
    expect(enteredAction('lp-copy:https://sho.rt/a1', undefined)).toEqual({ copy: 'https://sho.rt/a1' });
    expect(enteredAction('page', link(3))).toEqual({ open: 'https://example.com/3' });
    expect(enteredAction('page', undefined)).toBeNull();
    expect(enteredAction('evil', link(4, { longurl: 'javascript:alert(1)' }))).toBeNull();
  });
});

describe("an address-bar session's search", () => {
  it('answers from IndexedDB at once and from its word index once built, newest first either way', async () => {
    const db = freshDb();
    await db.links.bulkAdd(
      [1, 2, 3, 4].map((id) =>
        linkRow(
          {
            id,
            alias: `a${id}`,
            shorturl: `https://sho.rt/a${id}`,
            longurl: `https://example.com/${id}`,
            clicks: 0,
            title: id % 2 ? `Garden tools ${id}` : `Kitchen ${id}`,
            description: '',
            date: `2026-0${id}-01 00:00:00`,
          },
          undefined,
          0,
        ),
      ),
    );
    const search = startOmniboxSearch(db);
    const early = await search.find('gard', 6);
    await search.indexed;
    const indexed = await search.find('gard', 6);
    expect(early.map((l) => l.id)).toEqual([3, 1]);
    expect(indexed.map((l) => l.id)).toEqual([3, 1]);
    expect((await search.find('kitchen exam', 6)).map((l) => l.id)).toEqual([4, 2]);
    expect(await search.find('   ', 6)).toEqual([]);
    // A link written meanwhile is found at once: the write drops the index, IndexedDB answers.
    await db.links.put({ ...(await db.links.get(indexed[0]!.key))!, key: 'new', id: 9, date: '2026-09-01 00:00:00' });
    expect((await search.find('gard', 6)).map((l) => l.id)).toEqual([9, 3, 1]);
    search.close();
  });
});
