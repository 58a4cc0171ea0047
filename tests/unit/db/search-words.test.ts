import { describe, expect, it } from 'vitest';
import { queryWords } from '@/lib/db/search-words';
import { linkSearchWords } from '@/lib/kinds/link-row';

const link = (fields: Partial<Parameters<typeof linkSearchWords>[0]>) =>
  linkSearchWords({ alias: 'x1', title: '', description: '', shorturl: '', longurl: '', ...fields });

describe('the words a link is found by', () => {
  it('keeps one-letter words of what people wrote, not the letters of its addresses', () => {
    const words = link({
      title: 'Plan B, part 2',
      shorturl: 'http://127.0.0.1:8787/x1',
      longurl: 'https://www.youtube.com/watch?v=abc&t=4',
    });
    expect(words).toEqual(expect.arrayContaining(['plan', 'b', 'part', '2', 'youtube', 'watch', 'abc', '127']));
    for (const letter of ['v', 't', '4', '0', '1']) expect(words).not.toContain(letter);
  });

  it('takes no words from the port of an address: every short URL of a service has the same', () => {
    const words = link({ shorturl: 'http://127.0.0.1:37123/x1', longurl: 'https://example.org:8443/page/37?p=1' });
    expect(words).toEqual(expect.arrayContaining(['127', 'example', 'org', 'page', '37']));
    expect(words).not.toContain('37123');
    expect(words).not.toContain('8443');
    // A number in the path stays: it is part of what the page is.
    expect(link({ longurl: 'https://example.org/issues/8443' })).toContain('8443');
  });

  it('stops at 48 words, however long the title', () => {
    const title = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
    expect(link({ title })).toHaveLength(48);
  });

  it('reads a query longest word first, one-letter words included', () => {
    expect(queryWords('Plan B')).toEqual(['plan', 'b']);
  });
});
