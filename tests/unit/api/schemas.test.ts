import { describe, expect, it } from 'vitest';
import { campaignSchema } from '@/lib/api/schemas/campaigns';
import { channelSchema } from '@/lib/api/schemas/channels';
import { listEnvelopeSchema } from '@/lib/api/schemas/envelope';
import { createLinkResponseSchema, linkDetailResponseSchema, linkSchema } from '@/lib/api/schemas/links';
import { errorFlag, MAX_TEXT, normalizeDatetime } from '@/lib/api/schemas/primitives';
import { createQrResponseSchema, qrDetailResponseSchema } from '@/lib/api/schemas/qr';
import { statisticsSchema } from '@/lib/api/schemas/stats';

const link = {
  id: 7,
  alias: 'abc',
  shorturl: 'https://s.test/abc',
  longurl: 'https://example.com/page',
  clicks: 3,
  title: 'T',
  description: 'D',
  date: '2026-11-01 10:00:00',
};

describe('quirks are normalised at the schema', () => {
  it.each([
    [0, 0],
    ['0', 0],
    [1, 1],
    ['1', 1],
  ])('error %j reads as %i', (raw, flag) => {
    expect(errorFlag.parse(raw)).toBe(flag);
  });

  it('reads a campaign name under `name` or under `domain`, and rotator false as null', () => {
    const named = campaignSchema.parse({
      id: 1,
      name: 'Spring',
      public: true,
      rotator: false,
      list: 'https://s.test/campaign/1',
    });
    const underDomain = campaignSchema.parse({
      id: 2,
      domain: 'Autumn',
      public: 0,
      rotator: 'https://s.test/r/autumn',
      list: 'https://s.test/campaign/2',
    });
    expect(named).toEqual({ id: 1, name: 'Spring', public: true, rotator: null, list: 'https://s.test/campaign/1' });
    expect(underDomain).toMatchObject({ id: 2, name: 'Autumn', public: false, rotator: 'https://s.test/r/autumn' });
  });

  it('reads statistics maps sent as 0, counts sent as strings, and sorts them', () => {
    const stats = statisticsSchema.parse({
      clicks: '12',
      uniqueClicks: 9,
      topCountries: { Germany: '3', France: '7' },
      topReferrers: 0,
      topBrowsers: { Chrome: 5 },
      topOs: 0,
      socialCount: { facebook: 0, twitter: 2 },
    });
    expect(stats.clicks).toBe(12);
    expect(stats.topCountries).toEqual([
      { label: 'France', count: 7 },
      { label: 'Germany', count: 3 },
    ]);
    expect(stats.topReferrers).toEqual([]);
    expect(stats.topOs).toEqual([]);
    expect(stats.socialCount[0]).toEqual({ label: 'twitter', count: 2 });
  });

  it('keeps expiry null, tolerates extra and missing optional keys, and maps targets to lists', () => {
    const detail = linkDetailResponseSchema.parse({
      error: 0,
      id: 7,
      unexpected: { deep: true },
      details: {
        id: 7,
        shorturl: 'https://s.test/abc',
        longurl: 'https://example.com',
        expiry: null,
        date: '2026-11-01 10:00:00',
        location: { Germany: 'https://de.example.com' },
        device: 0,
      },
      data: { clicks: 0, uniqueClicks: 0, topCountries: 0, topReferrers: 0, topBrowsers: 0, topOs: 0, socialCount: {} },
    });
    expect(detail.details.expiry).toBeNull();
    expect(detail.details.title).toBe('');
    expect(detail.details.location).toEqual([{ name: 'Germany', link: 'https://de.example.com' }]);
    expect(detail.details.device).toEqual([]);
    expect(detail).not.toHaveProperty('unexpected');
  });

  it('reads starred and colour leniently but never passes a non-hex colour on', () => {
    expect(channelSchema.parse({ id: '3', name: 'N', starred: '1', color: '#AABBCC' })).toEqual({
      id: 3,
      name: 'N',
      description: '',
      color: '#aabbcc',
      starred: true,
    });
    expect(channelSchema.parse({ id: 3, name: 'N', color: 'red;background:url(x)' }).color).toBeNull();
  });

  it('normalises datetimes to YYYY-MM-DD HH:MM:SS and drops impossible ones', () => {
    expect(normalizeDatetime('2026-11-01')).toBe('2026-11-01 00:00:00');
    expect(normalizeDatetime('2026-11-01T10:20:30Z')).toBe('2026-11-01 10:20:30');
    expect(normalizeDatetime('2026-11-01T12:00:00+02:00')).toBe('2026-11-01 10:00:00');
    expect(normalizeDatetime('2026-02-30 10:00:00')).toBeNull();
    expect(normalizeDatetime('yesterday')).toBeNull();
  });
});

describe('create responses that the spec does not show', () => {
  it.each([
    [
      { error: 0, id: 5, shorturl: 'https://s.test/x' },
      { id: 5, shorturl: 'https://s.test/x' },
    ],
    [
      { error: 0, id: '5', link: 'https://s.test/x' },
      { id: 5, shorturl: 'https://s.test/x' },
    ],
    [
      { error: 0, id: 5 },
      { id: 5, shorturl: null },
    ],
    [
      { error: 0, details: { id: 5, shorturl: 'https://s.test/x' } },
      { id: 5, shorturl: 'https://s.test/x' },
    ],
    [
      { error: 0, data: { id: 5, short: 'https://s.test/x' } },
      { id: 5, shorturl: 'https://s.test/x' },
    ],
  ])('link %j', (body, expected) => {
    expect(createLinkResponseSchema.parse(body)).toEqual(expected);
  });

  it('QR: {id}, {id, link} and nested shapes; a missing id is an error at "id"', () => {
    expect(createQrResponseSchema.parse({ error: 0, id: 4 })).toEqual({ id: 4, link: null });
    expect(createQrResponseSchema.parse({ error: 0, id: 4, link: 'https://s.test/qr/k' })).toEqual({
      id: 4,
      link: 'https://s.test/qr/k',
    });
    expect(createQrResponseSchema.parse({ error: 0, details: { id: 4, link: 'https://s.test/qr/k' } })).toEqual({
      id: 4,
      link: 'https://s.test/qr/k',
    });
    const missing = createQrResponseSchema.safeParse({ error: 0, link: 'https://s.test/qr/k' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['id']);
  });

  it('QR detail reads details and statistics', () => {
    const detail = qrDetailResponseSchema.parse({
      error: 0,
      details: { id: 1, link: 'https://s.test/qr/a', scans: '4', name: 'Menu', date: '2026-01-01 00:00:00' },
      data: { clicks: 4, uniqueClicks: 2, topCountries: 0, topReferrers: 0, topBrowsers: 0, topOs: 0, socialCount: 0 },
    });
    expect(detail.details.scans).toBe(4);
    expect(detail.data.uniqueClicks).toBe(2);
  });
});

describe('hostile answers', () => {
  const urls = listEnvelopeSchema('urls', linkSchema);

  it('a wrong type in one record sets that record aside with the field named, and keeps the rest', () => {
    const page = urls.parse({
      error: '0',
      data: { perpage: 2, currentpage: 1, maxpage: 1, urls: [link, { ...link, id: 'x' }] },
    });
    expect(page.items).toHaveLength(1);
    expect(page.rejected).toEqual([{ index: 1, field: 'urls.1.id', message: expect.any(String) }]);
  });

  it('__proto__ keys are plain data and pollute nothing', () => {
    const hostile = JSON.parse(
      '{"error":"0","data":{"__proto__":{"polluted":1},"currentpage":1,"maxpage":1,"perpage":1,"urls":[{"id":1,"__proto__":{"polluted":2},"shorturl":"https://s.test/a"}]}}',
    );
    const page = urls.parse(hostile);
    const stats = statisticsSchema.parse(
      JSON.parse(
        '{"clicks":1,"uniqueClicks":1,"topCountries":{"__proto__":"5"},"topReferrers":0,"topBrowsers":0,"topOs":0,"socialCount":0}',
      ),
    );
    expect(page.items[0]?.id).toBe(1);
    expect(stats.topCountries).toEqual([{ label: '__proto__', count: 5 }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(page.items[0])).toBe(Object.prototype);
  });

  it('a 5 MB title is cut to the kept length; a 5 MB URL is no URL', () => {
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const parsed = linkSchema.parse({ ...link, title: huge, shorturl: `https://s.test/${huge}` });
    expect(parsed.title).toHaveLength(MAX_TEXT);
    expect(parsed.shorturl).toBe('');
  });

  it('javascript: and data: URLs never survive into link fields', () => {
    const parsed = linkSchema.parse({ ...link, shorturl: 'javascript:alert(1)' });
    const channelItem = campaignSchema.parse({
      id: 1,
      name: 'c',
      list: 'data:text/html,<script>',
      rotator: 'JAVASCRIPT:alert(1)',
    });
    expect(parsed.shorturl).toBe('');
    expect(channelItem.list).toBe('');
    expect(channelItem.rotator).toBeNull();
  });
});
