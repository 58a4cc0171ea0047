import { describe, expect, it } from 'vitest';
import { cutEnd, cutMiddle, cutShort, HOST_KEPT_MIN, lettersOf } from '@/components/ui/link-text-cut';

// Every letter (grapheme) 10 px wide, the ellipsis too: a width of 10·n px holds n letters.
const measure = (text: string) => lettersOf(text).length * 10;

describe('cutMiddle', () => {
  it('leaves a text that fits as it is', () => {
    expect(cutMiddle('go.example.com', 140, measure)).toBe('go.example.com');
    expect(cutMiddle('', 0, measure)).toBe('');
  });

  it('takes out the middle of a longer one, keeping its start and end, as many letters as the width holds', () => {
    const cut = cutMiddle('links.a-very-long-brand-name.example.com', 150, measure);
    expect(cut).toBe('links.a…ple.com');
    expect(measure(cut)).toBeLessThanOrEqual(150);
    // One letter less of room, one letter less shown.
    expect(lettersOf(cutMiddle('links.a-very-long-brand-name.example.com', 149, measure))).toHaveLength(14);
  });

  it('keeps an address read from the start: 127.0.0.1 stays first', () => {
    expect(cutMiddle('127.0.0.1:18797/linked-article-about-the-spring', 160, measure)).toMatch(/^127\.0\.0\.…/);
  });

  it('counts letters as people see them: an accent, an emoji or a joined syllable stays whole', () => {
    const host = `cafe\u0301-🇩🇪-👨‍👩‍👧-links.example.com`;
    expect(cutMiddle(host, 90, measure)).toBe('cafe\u0301….com');
    expect(cutMiddle('👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧', 30, measure)).toBe('👨‍👩‍👧…👨‍👩‍👧');
    const hindi = cutMiddle('हिन्दी-समाचार-लिंक.भारत', 70, measure);
    expect(lettersOf(hindi)).toHaveLength(7);
    for (const part of hindi.split('…')) expect('हिन्दी-समाचार-लिंक.भारत'.includes(part)).toBe(true);
  });

  it('gives at least the ellipsis when almost nothing fits', () => {
    expect(cutMiddle('example.com', 10, measure)).toBe('…');
    expect(cutMiddle('example.com', 0, measure)).toBe('…');
  });

  it('leaves room for what follows it on the line', () => {
    expect(cutMiddle('go.example.com', 100, measure, '/abc')).toBe('go.…om');
  });
});

describe('cutEnd', () => {
  it('cuts a title at its end with an ellipsis, never mid-letter', () => {
    const name = 'Berlin flagship store — spring window, second floor';
    expect(cutEnd(name, 1000, measure)).toBe(name);
    const cut = cutEnd(name, 150, measure);
    expect(cut).toBe('Berlin flagshi…');
    expect(measure(cut)).toBeLessThanOrEqual(150);
  });

  it('ends a word cut after its space in the ellipsis, not in a gap', () => {
    expect(cutEnd('Berlin flagship', 80, measure)).toBe('Berlin…');
  });
});

describe('cutShort', () => {
  const alias = 'a-custom-alias-of-thirty-two-ch';
  const host = 'links.the-longest-branded-domain-we-sell.example.com';

  it('shows a short address that fits whole', () => {
    expect(cutShort('127.0.0.1:18797/acme-spring', 400, measure)).toEqual({
      host: '127.0.0.1:18797',
      path: '/acme-spring',
      twoLines: false,
    });
  });

  it('never cuts the alias: the host gives way in its middle beside it', () => {
    // Room for 25 letters: the 12-letter path whole, the host in the other 13.
    const shown = cutShort('127.0.0.1:18797/acme-spring', 250, measure);
    expect(shown.path).toBe('/acme-spring');
    expect(shown.host).toBe('127.0.…:18797');
    expect(shown.twoLines).toBe(false);
  });

  it('puts a long alias under its host when beside it the host would keep too little', () => {
    const shown = cutShort(`${host}/${alias}`, 360, measure);
    expect(shown.twoLines).toBe(true);
    expect(shown.path).toBe(`/${alias}`);
    expect(lettersOf(shown.host)).toHaveLength(36);
    expect(shown.host.startsWith('links.the-longest')).toBe(true);
    expect(shown.host.endsWith('example.com')).toBe(true);
  });

  it('keeps a fixed-height row to one line: the host shrinks to the ellipsis, the alias stays whole', () => {
    const shown = cutShort(`${host}/${alias}`, 360, measure, false);
    expect(shown).toEqual({ host: 'li…m', path: `/${alias}`, twoLines: false });
    expect(cutShort(`${host}/${alias}`, 320, measure, false)).toEqual({
      host: '…',
      path: `/${alias}`,
      twoLines: false,
    });
    const narrow = cutShort(`${host}/${alias}`, 400, measure, false);
    expect(lettersOf(narrow.host).length).toBeLessThan(HOST_KEPT_MIN);
    expect(narrow.twoLines).toBe(false);
  });

  it('cuts a host without a path in its middle', () => {
    expect(cutShort(host, 100, measure)).toEqual({ host: 'links….com', path: '', twoLines: false });
  });
});
