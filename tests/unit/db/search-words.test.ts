import { describe, expect, it } from 'vitest';
import { linkSearchWords, queryWords } from '@/lib/db/search-words';

const link = (fields: Partial<Parameters<typeof linkSearchWords>[0]>) =>
  linkSearchWords({ alias: 'x1', title: '', description: '', shorturl: '', longurl: '', ...fields });

describe('the words a link is found by', () => {
  it('keeps one-letter words of what people wrote, not the letters of its addresses', () => {
    const words = link({
      title: 'Plan B, part 2',
      shorturl: 'http://127.0.0.1:8787/x1',
      longurl: 'https://www.youtube.com/watch?v=abc&t=4',
    });
    expect(words).toEqual(expect.arrayContaining(['plan', 'b', 'part', '2', 'youtube', 'watch', 'abc', '127', '8787']));
    for (const letter of ['v', 't', '4', '0', '1']) expect(words).not.toContain(letter);
  });

  it('stops at 48 words, however long the title', () => {
    const title = Array.from({ length: 80 }, (_, i) => `w${i}`).join(' ');
    expect(link({ title })).toHaveLength(48);
  });

  it('reads a query longest word first, one-letter words included', () => {
    expect(queryWords('Plan B')).toEqual(['plan', 'b']);
  });
});
