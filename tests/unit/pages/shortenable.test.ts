import { describe, expect, it } from 'vitest';
import { WEB_PAGES, whyNotShortenable } from '@/lib/pages/shortenable';
import { readWords } from '@/lib/words';

const reason = (url: string) => {
  const why = whyNotShortenable(url);
  return why === null ? null : readWords(why)?.key;
};

describe('whyNotShortenable', () => {
  it('lets web pages through', () => {
    expect(reason('https://example.com/article?id=1')).toBeNull();
    expect(reason('http://127.0.0.1:8080/page')).toBeNull();
    expect(reason('http://localhost:3000/')).toBeNull();
  });

  it("names the browser's own pages", () => {
    for (const url of [
      'chrome://settings',
      'about:blank',
      'about:newtab',
      'edge://favorites',
      'brave://rewards',
      'chrome-untrusted://terminal/',
      'devtools://devtools/bundled/inspector.html',
      'CHROME://version',
    ])
      expect(reason(url), url).toBe('notShortenable.browser');
  });

  it('names pages of extensions, local files, page sources and self-contained addresses', () => {
    expect(reason('chrome-extension://abcdefghijklmnop/popup.html')).toBe('notShortenable.extension');
    expect(reason('moz-extension://1234-5678/options.html')).toBe('notShortenable.extension');
    expect(reason('file:///home/me/report.pdf')).toBe('notShortenable.file');
    expect(reason('view-source:https://example.com/')).toBe('notShortenable.source');
    expect(reason('data:text/html,<p>hi</p>')).toBe('notShortenable.inline');
    expect(reason('javascript:alert(1)')).toBe('notShortenable.inline');
    expect(reason('blob:https://example.com/2b1f')).toBe('notShortenable.inline');
  });

  it('says what the link form would say of any other address', () => {
    expect(reason('ftp://files.example.com/a.zip')).toBe('input.url.scheme');
    expect(readWords(whyNotShortenable('ftp://files.example.com/a.zip')!)?.values).toEqual({ scheme: 'ftp' });
    expect(reason('http://intranet/wiki')).toBe('input.url.partialHost');
  });
});

describe("the menus' pages", () => {
  // A match pattern's scheme, as the browser reads 'http://*/*': only that scheme matches.
  const offered = (url: string) => WEB_PAGES.some((p) => url.startsWith(p.slice(0, p.indexOf('*'))));

  it.each([
    'chrome://settings/',
    'chrome-extension://abcdefghijklmnop/dashboard.html',
    'file:///home/me/notes.html',
    'view-source:https://example.com/',
    'data:text/html,<p>hi</p>',
    'about:blank',
  ])('"Shorten" is not offered on %s, a page the popup says cannot be shortened', (url) => {
    expect(whyNotShortenable(url)).not.toBeNull();
    expect(offered(url)).toBe(false);
  });

  it.each(['https://example.com/a', 'http://127.0.0.1:8080/b'])('it is offered on %s', (url) => {
    expect(whyNotShortenable(url)).toBeNull();
    expect(offered(url)).toBe(true);
  });
});
