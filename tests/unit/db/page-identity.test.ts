import { describe, expect, it } from 'vitest';
import { bestFirst, isTrackingParameter, pageKey, TRACKING_PARAMETERS } from '@/lib/db/page-identity';
import { normalizeLongUrl } from '@/lib/db/search-words';

describe('pageKey', () => {
  it('leaves out every parameter of the documented list, and every utm_ one', () => {
    for (const name of [...TRACKING_PARAMETERS, 'utm_source', 'utm_medium', 'utm_id', 'utm_whatever', 'UTM_Source'])
      expect(pageKey(`https://example.com/post?${name}=x`), name).toBe('https://example.com/post');
  });

  it('names the parameters the issue names', () => {
    for (const name of ['fbclid', 'gclid', 'dclid', 'msclkid', 'mc_eid', 'mc_cid', '_ga', 'igshid', 'yclid', 'twclid'])
      expect(isTrackingParameter(name), name).toBe(true);
    for (const name of ['li_fat_id', 'ref_src']) expect(isTrackingParameter(name), name).toBe(true);
  });

  it('keeps parameters that choose content, in their order and encoding', () => {
    expect(pageKey('https://shop.example/list?utm_source=a&page=2&q=caf%C3%A9+bar&fbclid=1&sort=new')).toBe(
      'https://shop.example/list?page=2&q=caf%C3%A9+bar&sort=new',
    );
    for (const name of ['ref', 'source', 'id', 's', 'v', 'utm', 'gclid_note', 'xutm_source'])
      expect(pageKey(`https://example.com/?${name}=1`), name).toBe(`https://example.com/?${name}=1`);
  });

  it('is the same for a page and its tagged copies, and different for different pages', () => {
    const page = pageKey('https://Example.com/post/');
    expect(pageKey('https://example.com/post?utm_source=newsletter&utm_medium=email')).toBe(page);
    expect(pageKey('https://example.com/post/?fbclid=IwAR0#comments')).toBe(page);
    expect(pageKey('https://example.com/post?id=2')).not.toBe(page);
    expect(pageKey('http://example.com/post')).not.toBe(page);
  });

  it('is normalizeLongUrl for an address without tracking parameters', () => {
    for (const url of ['https://example.com', 'https://example.com/a/?b=1', 'https://EXAMPLE.com:443/x#y'])
      expect(pageKey(url)).toBe(normalizeLongUrl(url));
  });

  it('takes hostile input without throwing', () => {
    expect(pageKey('  not a url  ')).toBe('not a url');
    expect(pageKey('')).toBe('');
    expect(pageKey('https://example.com/?%E0%A4%A=1&utm_source=x')).toBe('https://example.com/?%E0%A4%A=1');
    expect(pageKey('https://example.com/?utm%5Fsource=x&a=1')).toBe('https://example.com/?a=1');
    expect(pageKey('https://example.com/?&&utm_source&=&a')).toBe('https://example.com/?=&a');
    expect(pageKey('https://example.com/?__proto__=1&constructor=2')).toBe(
      'https://example.com/?__proto__=1&constructor=2',
    );
    const long = `https://example.com/?${'a=1&'.repeat(20_000)}utm_source=x`;
    expect(pageKey(long).endsWith('a=1')).toBe(true);
    expect(pageKey('javascript:alert(1)//?utm_source=x')).not.toContain('utm_source');
  });
});

describe('bestFirst', () => {
  const link = (longurl: string, id: number | null, date: string) => ({ longurl, id, date });

  it('puts the exact address first, then a link the service made, then the newest', () => {
    const page = 'https://example.com/post?utm_source=news';
    const exactOld = link(page, 1, '2026-01-01 00:00:00');
    const plainNew = link('https://example.com/post', 2, '2026-06-01 00:00:00');
    const plainNewer = link('https://example.com/post?fbclid=x', 3, '2026-07-01 00:00:00');
    const pendingNewest = link('https://example.com/post', null, '2026-08-01 00:00:00');
    expect(bestFirst(page, [pendingNewest, plainNew, exactOld, plainNewer])).toEqual([
      exactOld,
      plainNewer,
      plainNew,
      pendingNewest,
    ]);
  });

  it('does not change the list it is given', () => {
    const list = [link('https://a.example/', 1, '1'), link('https://a.example/', 2, '2')];
    const copy = [...list];
    bestFirst('https://a.example/', list);
    expect(list).toEqual(copy);
  });
});
