import { describe, expect, it } from 'vitest';
import type { LinkRow } from '@/lib/db/schema';
import { csvCell, linksToCsv, linksToJson } from '@/lib/export/links-export';

const row = (over: Partial<LinkRow>): LinkRow => ({
  key: 'k',
  id: 1,
  sync: 'synced',
  pulledAt: 0,
  alias: 'a',
  shorturl: 'https://s.test/a',
  longurl: 'https://e.test',
  longurlKey: '',
  clicks: 3,
  title: 'T',
  description: '',
  date: '2026-01-01 00:00:00',
  campaignKey: null,
  domain: '',
  status: 'public',
  input: null,
  words: [],
  ...over,
});

describe('export', () => {
  it.each([
    ['=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['+1+2', `"'+1+2"`],
    ['-5', `"'-5"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['\tcmd', `"'\tcmd"`],
    ['plain "quoted" text', '"plain ""quoted"" text"'],
    ['<script>alert(1)</script>', '"<script>alert(1)</script>"'],
  ])('escapes %j against formula injection', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header and one line per link with its clicks', () => {
    const csv = linksToCsv([row({ title: '=cmd|calc', clicks: 7 })]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toBe('id,alias,shorturl,longurl,title,description,clicks,date,status');
    expect(line).toContain(`"'=cmd|calc"`);
    expect(line).toContain('"7"');
    expect(JSON.parse(linksToJson([row({ clicks: 7 })]))).toEqual([
      expect.objectContaining({ clicks: 7, shorturl: 'https://s.test/a' }),
    ]);
  });
});
