import { describe, expect, it } from 'vitest';
import type { LinkRow } from '@/lib/db/schema';
import { historyToCsv, historyToJson } from '@/lib/export/history-export';
import { csvCell, type ExportedLink, exportedLinks, linksToCsv, linksToJson } from '@/lib/export/links-export';
import { freshDb } from '../sync/db';

const row = (over: Partial<ExportedLink>): ExportedLink => ({
  channel: '',
  campaign: '',
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
    [' =1+1', `"' =1+1"`],
    ['  +cmd', `"'  +cmd"`],
    ['\u00a0-5', `"'\u00a0-5"`],
    [' @SUM(A1)', `"' @SUM(A1)"`],
    ['\t=1+1', `"'\t=1+1"`],
    ['\rcmd', `"'\rcmd"`],
    ['\ncmd', `"'\ncmd"`],
    ['\r\n=1', `"'\r\n=1"`],
    ['＝HYPERLINK("http://evil")', `"'＝HYPERLINK(""http://evil"")"`],
    ['＋1', `"'＋1"`],
    ['－1', `"'－1"`],
    ['＠SUM(A1)', `"'＠SUM(A1)"`],
    [' ＝1', `"' ＝1"`],
    ['a =1', '"a =1"'],
    ['https://example.com/?a=-1', '"https://example.com/?a=-1"'],
    ['plain "quoted" text', '"plain ""quoted"" text"'],
    ['<script>alert(1)</script>', '"<script>alert(1)</script>"'],
  ])('escapes %j against formula injection', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header and one line per link with its clicks', () => {
    const csv = linksToCsv([row({ title: '=cmd|calc', clicks: 7 })]);
    const [header, line] = csv.trim().split('\r\n');
    expect(header).toBe('id,alias,shorturl,longurl,title,description,clicks,date,status,channel,campaign');
    expect(line).toContain(`"'=cmd|calc"`);
    expect(line).toContain('"7"');
    expect(JSON.parse(linksToJson([row({ clicks: 7 })]))).toEqual([
      expect.objectContaining({ clicks: 7, shorturl: 'https://s.test/a' }),
    ]);
  });

  it("names each link's channels and campaign", async () => {
    const db = freshDb();
    const link = (key: string, campaignKey: string | null): LinkRow => {
      const { channel: _c, campaign: _k, ...rest } = row({ key, campaignKey });
      return rest;
    };
    await db.links.bulkAdd([link('k1', 'c1'), link('k2', null)]);
    await db.campaigns.add({
      key: 'c1',
      id: 1,
      sync: 'synced',
      pulledAt: 0,
      name: 'Spring',
      slug: null,
      public: true,
      rotator: null,
      list: '',
    });
    await db.channels.bulkAdd([
      { key: 'h1', id: 1, sync: 'synced', pulledAt: 0, name: 'News', description: '', color: null, starred: false },
      { key: 'h2', id: 2, sync: 'synced', pulledAt: 0, name: 'Blog', description: '', color: null, starred: false },
    ]);
    for (const channelKey of ['h1', 'h2'])
      await db.channelItems.add({
        key: `${channelKey}|links|k1`,
        channelKey,
        type: 'links',
        itemKey: 'k1',
        itemId: 1,
        title: '',
        preview: '',
        link: '',
        date: null,
        sync: 'synced',
      });
    const rows = await exportedLinks(db);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect(byKey.get('k1')).toMatchObject({ channel: 'News; Blog', campaign: 'Spring' });
    expect(byKey.get('k2')).toMatchObject({ channel: '', campaign: '' });
    expect(linksToCsv(rows)).toContain('"News; Blog","Spring"');
  });

  it("writes a link's history: its total when followed, then each rise between two readings", () => {
    const timeline = {
      since: Date.UTC(2026, 10, 3),
      before: 2,
      gains: [{ from: Date.UTC(2026, 10, 4, 8, 30), at: Date.UTC(2026, 10, 4, 9), clicks: 3 }],
      readTo: Date.UTC(2026, 10, 5),
      total: 5,
    };
    const csv = historyToCsv({ record: 'https://s.test/a', timeline }).trim().split('\r\n');
    expect(csv).toEqual([
      'record,from,to,clicks,total',
      '"https://s.test/a",,"2026-11-03T00:00:00.000Z",2,2',
      '"https://s.test/a","2026-11-04T08:30:00.000Z","2026-11-04T09:00:00.000Z",3,5',
    ]);
    expect(JSON.parse(historyToJson({ record: 'https://s.test/a', timeline }))).toEqual({
      record: 'https://s.test/a',
      since: '2026-11-03T00:00:00.000Z',
      before: 2,
      rises: [{ from: '2026-11-04T08:30:00.000Z', to: '2026-11-04T09:00:00.000Z', clicks: 3 }],
      readTo: '2026-11-05T00:00:00.000Z',
      total: 5,
    });
  });
});
