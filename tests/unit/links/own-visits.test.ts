import { describe, expect, it } from 'vitest';
import {
  countThisMonth,
  MAX_OWN_VISIT_RULES,
  type OwnLink,
  ownVisitPath,
  ownVisitRules,
  plainLinkKeys,
  plainRedirect,
  withOneMoreVisit,
} from '@/lib/links/own-visits';

const link = (key: string, extra: Partial<OwnLink> = {}): OwnLink => ({
  key,
  shorturl: `https://s.test/${key}`,
  longurl: `https://example.com/${key}`,
  date: '2026-11-01 10:00:00',
  input: null,
  ...extra,
});

describe('plainRedirect', () => {
  it('takes a direct redirect with nothing else to do as plain', () => {
    expect(plainRedirect({ url: 'https://a.test' })).toBe(true);
    expect(plainRedirect({ url: 'https://a.test', type: 'direct', metatitle: 'A', status: 'public' })).toBe(true);
  });

  it('takes anything the service must check or show first as not plain', () => {
    const url = 'https://a.test';
    for (const fields of [
      { type: 'splash' },
      { type: 'frame' },
      { type: '12' },
      { type: 'overlay-3' },
      { password: 'secret' },
      { expiry: '2030-01-01 00:00:00' },
      { geotarget: [{ location: 'DE', link: 'https://a.test/de' }] },
      { devicetarget: [{ device: 'iPhone', link: 'https://a.test/i' }] },
      { languagetarget: [{ language: 'de', link: 'https://a.test/de' }] },
      { parameters: [{ name: 'a', value: 'b' }] },
      { deeplink: { auto: true } },
    ])
      expect(plainRedirect({ url, ...fields }), JSON.stringify(fields)).toBe(false);
  });
});

describe('plainLinkKeys', () => {
  it('learns from the create fields, remembers past them, and forgets links that are gone', () => {
    const links = [
      link('new', { input: { url: 'https://example.com/new' } }),
      link('locked', { input: { url: 'https://example.com/locked', password: 'x' } }),
      link('pulled'),
      link('unknown'),
    ];
    const known = new Set(['pulled', 'locked', 'deleted']);
    expect([...plainLinkKeys(links, known)].sort()).toEqual(['new', 'pulled']);
  });
});

describe('ownVisitRules', () => {
  it('redirects the exact short URL of each plain link to the counting page, newest first', () => {
    const links = [link('old', { date: '2026-01-01 00:00:00' }), link('recent'), link('other')];
    const { rules, left } = ownVisitRules(links, new Set(['old', 'recent']));
    expect(left).toBe(0);
    expect(rules).toEqual([
      {
        id: 1,
        priority: 1,
        action: { type: 'redirect', redirect: { extensionPath: ownVisitPath('https://example.com/recent') } },
        condition: {
          urlFilter: '|https://s.test/recent|',
          isUrlFilterCaseSensitive: true,
          resourceTypes: ['main_frame'],
        },
      },
      expect.objectContaining({ id: 2, condition: expect.objectContaining({ urlFilter: '|https://s.test/old|' }) }),
    ]);
    expect(ownVisitPath('https://e.test/a?b=1&c')).toBe('/own-visit.html?to=https%3A%2F%2Fe.test%2Fa%3Fb%3D1%26c');
  });

  it('leaves out links whose statistics show targeting or expiry, and addresses a filter cannot hold', () => {
    const links = [
      link('a'),
      link('b'),
      link('c', { shorturl: 'https://s.test/c*' }),
      link('d', { longurl: 'mailto:x' }),
    ];
    const { rules } = ownVisitRules(links, new Set(['a', 'b', 'c', 'd']), new Set(['b']));
    expect(rules.map((r) => r.condition.urlFilter)).toEqual(['|https://s.test/a|']);
  });

  it('stops at the browser’s cap and says how many were left', () => {
    const links = Array.from({ length: MAX_OWN_VISIT_RULES + 3 }, (_, i) => link(`k${i}`));
    const { rules, left } = ownVisitRules(links, new Set(links.map((l) => l.key)));
    expect([rules.length, left]).toEqual([MAX_OWN_VISIT_RULES, 3]);
    expect(new Set(rules.map((r) => r.id)).size).toBe(MAX_OWN_VISIT_RULES);
  });
});

describe('the count of the month', () => {
  it('adds up within a month and starts again with the next', () => {
    const nov = new Date('2026-11-26T10:00:00Z');
    const dec = new Date('2026-12-01T00:00:01Z');
    const once = withOneMoreVisit({ month: '', count: 0 }, nov);
    const twice = withOneMoreVisit(once, nov);
    expect(countThisMonth(twice, nov)).toBe(2);
    expect(countThisMonth(twice, dec)).toBe(0);
    expect(withOneMoreVisit(twice, dec)).toEqual({ month: '2026-12', count: 1 });
  });
});
