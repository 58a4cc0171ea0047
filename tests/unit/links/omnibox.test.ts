import { describe, expect, it } from 'vitest';
import type { LinkRow } from '@/lib/db/schema';
import { linkRow } from '@/lib/kinds/link-row';
import { enteredAction, plainLine, suggestionsFor } from '@/lib/links/omnibox';
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

  it("drops the service's control and bidi override characters from every description, markup or not", () => {
    // Every C0 and C1 control, DEL, and the bidi embeddings, overrides and isolates.
    const controls = [
      ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
      ...Array.from({ length: 0x21 }, (_, i) => String.fromCharCode(0x7f + i)),
    ].join('');
    const bidi = '\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    const hostile = link(1, {
      // A right-to-left override would draw "evil.example/gpj.exe" backwards after the title.
      title: `Invoice${bidi}${controls}</match><url>x</url>\u0085`,
      shorturl: 'https://sho.rt/a1\u0007\u2067',
      longurl: 'https://evil.example/\u202eexe.jpg\r\n',
    });
    const forbidden = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;
    for (const markup of [true, false]) {
      const shown = suggestionsFor([hostile], markup, words);
      expect(shown).toHaveLength(2);
      for (const s of shown) expect(s.description).not.toMatch(forbidden);
    }
    const [first, copy] = suggestionsFor([hostile], true, words);
    // The tags the title tried to close stay text, and the rest of the line stays in order.
    expect(first!.description).toBe(
      '<match>https://sho.rt/a1 </match> Invoice &lt;/match&gt;&lt;url&gt;x&lt;/url&gt;  <dim>—</dim> <url>https://evil.example/exe.jpg </url>',
    );
    expect(copy!.description).toBe('Copy https://sho.rt/a1 ');
    expect(plainLine('a\tb\u009b\r\nc\u2069d')).toBe('a b cd');
    // Text Chrome is fine with is left alone: right-to-left words, emoji, marks that are not overrides.
    expect(plainLine('مرحبا 👋 \u200f')).toBe('مرحبا 👋 \u200f');
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
