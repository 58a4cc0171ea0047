import { describe, expect, it } from 'vitest';
import { type RowProps, sameRow } from '@/components/links/RecentLinks';
import { linkRow } from '@/lib/kinds/link-row';

const link = linkRow(
  {
    id: 5,
    alias: 'docs5',
    shorturl: 'https://s.test/docs5',
    longurl: 'https://example.com/docs',
    clicks: 12,
    title: 'Docs',
    description: '',
    date: '2026-11-01 10:00:00',
  },
  undefined,
  0,
);
const props = (over: Partial<RowProps['link']> = {}, rest: Partial<RowProps> = {}): RowProps => ({
  // A new object each time, as each answer of the live list is read anew from the mirror.
  link: { ...link, key: 'l5', ...over },
  qrOpen: false,
  onQr: onQr,
  onKey: onKey,
  ...rest,
});
const onQr = () => undefined;
const onKey = () => undefined;

describe('a row of the recent list', () => {
  it('is drawn again only when what it shows changed, not for every new reading of the same link', () => {
    expect(sameRow(props(), props())).toBe(true);
    // Not shown in the row: its clicks, its words.
    expect(sameRow(props(), props({ clicks: 13, words: ['other'] }))).toBe(true);
    for (const changed of [
      { shorturl: 'https://s.test/other' },
      { title: 'Other' },
      { longurl: 'https://example.com/other' },
      { alias: 'other' },
      { sync: 'pending' as const },
    ])
      expect(sameRow(props(), props(changed))).toBe(false);
    expect(sameRow(props(), props({}, { qrOpen: true }))).toBe(false);
    expect(sameRow(props(), props({}, { onQr: () => undefined }))).toBe(false);
  });
});
