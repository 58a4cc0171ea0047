import { describe, expect, it } from 'vitest';
import { HOST_SHOWN_MAX, middleEllipsis, shortUrlParts } from '@/components/ui/format';

const graphemes = (text: string) =>
  [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].length;

describe('middleEllipsis', () => {
  it('leaves a text that fits as it is', () => {
    expect(middleEllipsis('go.example.com', 14)).toBe('go.example.com');
    expect(middleEllipsis('', 5)).toBe('');
  });

  it('takes out the middle of a longer one, keeping its start and end', () => {
    expect(middleEllipsis('links.a-very-long-brand-name.example.com', 15)).toBe('links.a…ple.com');
    expect(graphemes(middleEllipsis('links.a-very-long-brand-name.example.com', 15))).toBe(15);
  });

  it('counts letters as people see them: an accent, an emoji or a joined syllable stays whole', () => {
    // "é" written as e + combining accent, a flag of two code points, a family emoji joined by ZWJ.
    const host = `cafe\u0301-🇩🇪-👨‍👩‍👧-links.example.com`;
    const cut = middleEllipsis(host, 9);
    expect(cut).toBe('cafe\u0301….com');
    expect(cut.normalize('NFC')).toBe('café….com');
    const emoji = middleEllipsis('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 3);
    expect(emoji).toBe('👨‍👩‍👧…👨‍👩‍👧');
    // Devanagari conjuncts: each cluster is kept or dropped whole.
    const hindi = middleEllipsis('हिन्दी-समाचार-लिंक.भारत', 7);
    expect(graphemes(hindi)).toBe(7);
    expect(hindi.startsWith('हि')).toBe(true);
    for (const part of hindi.split('…')) expect('हिन्दी-समाचार-लिंक.भारत'.includes(part)).toBe(true);
  });

  it('keeps an Arabic host readable from both ends', () => {
    expect(middleEllipsis('روابط-قصيرة-جدا-للأخبار.مثال', 11)).toBe('روابط….مثال');
  });

  it('gives at least the ellipsis when almost nothing may be shown', () => {
    expect(middleEllipsis('example.com', 1)).toBe('…');
    expect(middleEllipsis('example.com', 2)).toBe('e…');
  });
});

describe('shortUrlParts', () => {
  it('shows the host and the alias without the scheme', () => {
    expect(shortUrlParts('https://go.example.com/news')).toEqual({ host: 'go.example.com', path: '/news' });
    expect(shortUrlParts('http://127.0.0.1:8787/abc')).toEqual({ host: '127.0.0.1:8787', path: '/abc' });
  });

  it('shortens a long branded host in its middle and never the alias', () => {
    const alias = 'a-custom-alias-of-thirty-two-ch';
    const parts = shortUrlParts(`https://links.the-longest-branded-domain-we-sell.example.com/${alias}`);
    expect(parts.path).toBe(`/${alias}`);
    expect(graphemes(parts.host)).toBe(HOST_SHOWN_MAX);
    expect(parts.host.startsWith('links.the-longe')).toBe(true);
    expect(parts.host.endsWith('example.com')).toBe(true);
    expect(parts.host).toContain('…');
  });

  it('takes a host without a path as a whole', () => {
    expect(shortUrlParts('https://go.example.com/')).toEqual({ host: 'go.example.com', path: '' });
  });
});
