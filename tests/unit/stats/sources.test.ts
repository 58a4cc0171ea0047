import { describe, expect, it } from 'vitest';
import { isDirectLabel, siteOf, sourcesOf } from '@/lib/stats/sources';

describe('sources grouped by site', () => {
  it('reads a referrer as its site: no scheme, no www., no trailing slash or page, the host in lower case', () => {
    expect(siteOf('https://www.news.example/')).toBe('news.example');
    expect(siteOf('http://News.Example')).toBe('news.example');
    expect(siteOf('news.example/article?id=3')).toBe('news.example');
    expect(siteOf('https://news.example:8443/')).toBe('news.example:8443');
    expect(siteOf('https://news.example:443/')).toBe('news.example');
    // Not an address: kept as the service wrote it.
    expect(siteOf('Newsletter')).toBe('Newsletter');
    expect(siteOf('Direct, email and other')).toBe('Direct, email and other');
  });

  it('sums one site under several spellings into one row, its spellings kept with their counts', () => {
    const { sites, rest } = sourcesOf(
      {
        topReferrers: [
          { label: 'https://www.news.example/', count: 3 },
          { label: 'https://news.example/', count: 2 },
          { label: 'blog.example', count: 4 },
        ],
        socialCount: [],
      },
      9,
    );
    expect(sites.map((s) => [s.label, s.count])).toEqual([
      ['news.example', 5],
      ['blog.example', 4],
    ]);
    expect(sites[0]!.spellings).toEqual([
      { label: 'https://www.news.example/', count: 3 },
      { label: 'https://news.example/', count: 2 },
    ]);
    expect(rest).toBe(0);
  });

  it('keeps the service’s bucket of direct visits apart, whatever its spelling, and never a site', () => {
    expect(isDirectLabel('Direct, email and other')).toBe(true);
    expect(isDirectLabel('direct')).toBe(true);
    expect(isDirectLabel('direct.example')).toBe(false);
    const { sites, rest } = sourcesOf(
      {
        topReferrers: [
          { label: 'Direct, email and other', count: 4 },
          { label: 'news.example', count: 1 },
        ],
        socialCount: [],
      },
      7,
    );
    expect(sites.map((s) => [s.label, s.count, s.direct])).toEqual([
      ['Direct, email and other', 4, true],
      ['news.example', 1, false],
    ]);
    // Clicks no listed entry brought: sites beyond the service's top list.
    expect(rest).toBe(2);
  });
});
