import { describe, expect, it } from 'vitest';
import { nothingToReplace, urlsInText, urlsToReplace } from '@/lib/links/urls-in-text';

describe('urlsInText', () => {
  it('finds each address of a sentence, without the punctuation that ends it', () => {
    const text = 'Read https://example.com/a?b=1, then (see https://example.org/x). Done: http://x.test/y!';
    expect(urlsInText(text).map((s) => s.url)).toEqual([
      'https://example.com/a?b=1',
      'https://example.org/x',
      'http://x.test/y',
    ]);
  });

  it('keeps a closing bracket the address opened itself', () => {
    expect(urlsInText('See https://en.wikipedia.org/wiki/Link_(disambiguation).')[0]?.url).toBe(
      'https://en.wikipedia.org/wiki/Link_(disambiguation)',
    );
  });

  it('gives offsets that point at the address in the text', () => {
    const text = 'x https://a.test/p y';
    const [span] = urlsInText(text);
    expect(text.slice(span!.start, span!.end)).toBe('https://a.test/p');
  });

  it('ignores what is not a web address', () => {
    expect(urlsInText('ftp://a.test mailto:a@b.test https:// http://')).toEqual([]);
  });
});

describe('urlsToReplace', () => {
  it('takes the addresses wholly inside the selection, by their offsets in the whole field', () => {
    const text = 'One https://a.test/1 two https://b.test/2 three https://c.test/3';
    const start = text.indexOf('two');
    const end = text.length;
    expect(urlsToReplace({ text, start, end })).toEqual([
      { start: text.indexOf('https://b'), end: text.indexOf(' three'), url: 'https://b.test/2' },
      { start: text.indexOf('https://c'), end: text.length, url: 'https://c.test/3' },
    ]);
  });

  it('leaves an address the selection only cuts into', () => {
    const text = 'see https://a.test/long/path';
    expect(urlsToReplace({ text, start: 0, end: text.indexOf('/long') })).toEqual([]);
  });

  it('with nothing selected, takes a field whose whole text is one address', () => {
    expect(urlsToReplace({ text: '  https://a.test/x \n', start: 0, end: 0 })).toEqual([
      { start: 2, end: 18, url: 'https://a.test/x' },
    ]);
  });

  it('with nothing selected, takes the one address of a field, the words around it left alone', () => {
    const text = 'Read this: https://a.test/x — it is good';
    expect(urlsToReplace({ text, start: 0, end: 0 })).toEqual([
      { start: text.indexOf('https'), end: text.indexOf(' —'), url: 'https://a.test/x' },
    ]);
  });

  it('with nothing selected among several addresses, takes the one at the caret, else none', () => {
    const text = 'https://a.test/x and https://b.test/y';
    const inB = text.indexOf('b.test');
    expect(urlsToReplace({ text, start: inB, end: inB }).map((s) => s.url)).toEqual(['https://b.test/y']);
    expect(urlsToReplace({ text, start: text.length, end: text.length }).map((s) => s.url)).toEqual([
      'https://b.test/y',
    ]);
    const between = text.indexOf('and');
    expect(urlsToReplace({ text, start: between, end: between })).toEqual([]);
    expect(nothingToReplace({ text, start: between, end: between })).toBe('choose');
    expect(nothingToReplace({ text: 'no address here', start: 0, end: 0 })).toBe('none');
  });
});
