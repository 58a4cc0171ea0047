import { describe, expect, it } from 'vitest';
import { addressesToShorten, MAX_REPLACED_WITHOUT_ASKING, mustAskFirst } from '@/lib/links/replace-limit';
import { urlsInText } from '@/lib/links/urls-in-text';

const listOf = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}`).join(' ');

describe('how many addresses one "Replace with short link" shortens without asking', () => {
  it('shortens each address once, in the order of the text', () => {
    const spans = urlsInText('https://b.test/ then https://a.test/ and https://b.test/ again');
    expect(addressesToShorten(spans)).toEqual(['https://b.test/', 'https://a.test/']);
  });

  it('asks above twenty addresses, and not at twenty', () => {
    expect(MAX_REPLACED_WITHOUT_ASKING).toBe(20);
    expect(mustAskFirst(addressesToShorten(urlsInText(listOf(20))))).toBe(false);
    expect(mustAskFirst(addressesToShorten(urlsInText(listOf(21))))).toBe(true);
  });

  it('counts the addresses to shorten, not their places in the text', () => {
    const repeated = `${listOf(20)} https://example.com/0 https://example.com/1`;
    expect(urlsInText(repeated)).toHaveLength(22);
    expect(mustAskFirst(addressesToShorten(urlsInText(repeated)))).toBe(false);
  });
});
