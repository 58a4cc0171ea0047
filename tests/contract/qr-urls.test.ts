import { describe, expect, it } from 'vitest';
import { call, expectError, serverPerFile } from './http';

const ctx = serverPerFile();
const s = () => ctx.server;

describe('QR codes', () => {
  it.each([
    ['text', 'Hello there'],
    ['link', 'https://example.com/menu'],
    ['phone', '+49 30 1234567'],
    ['email', { email: 'hi@example.com', subject: 'Hello' }],
    ['sms', { phone: '+1 555 0100', message: 'Yes' }],
    ['wifi', { ssid: 'Cafe', password: 'secret123', encryption: 'WPA' }],
    ['vcard', { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' }],
  ])('creates a %s code, lists it, and reads it with statistics', async (type, data) => {
    const created = await call(s(), 'POST', '/api/qr/add', {
      type,
      data,
      name: `QR ${type}`,
      foreground: 'rgb(0,0,0)',
      background: 'rgb(255,255,255)',
    });
    expect(created.json).toEqual({
      error: 0,
      id: expect.any(Number),
      link: expect.stringMatching(new RegExp(`^${s().url}/qr/`)),
    });
    const listed = (await call(s(), 'GET', '/api/qr?limit=100')).json.data.qrs.find(
      (q: { id: number }) => q.id === created.json.id,
    );
    expect(listed).toEqual({
      id: created.json.id,
      link: created.json.link,
      scans: 0,
      name: `QR ${type}`,
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const one = await call(s(), 'GET', `/api/qr/${created.json.id}`);
    expect(Object.keys(one.json).sort()).toEqual(['data', 'details', 'error']);
    expect(one.json.data).toMatchObject({
      clicks: 0,
      uniqueClicks: 0,
      topCountries: 0,
      topReferrers: 0,
      topBrowsers: 0,
      topOs: 0,
    });
  });

  it('counts scans of its link, and a link-type code redirects', async () => {
    const created = (await call(s(), 'POST', '/api/qr/add', { type: 'link', data: 'https://example.com/scanned' }))
      .json;
    const visit = await fetch(created.link, {
      redirect: 'manual',
      headers: {
        'x-country': 'JP',
        'User-Agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      },
    });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('https://example.com/scanned');
    const one = (await call(s(), 'GET', `/api/qr/${created.id}`)).json;
    expect(one.details.scans).toBe(1);
    expect(one.data).toMatchObject({ clicks: 1, uniqueClicks: 1, topCountries: { Japan: '1' }, topOs: { Android: 1 } });
  });

  it.each([
    [{ data: 'x' }, /^type: must be one of/],
    [{ type: 'fax', data: 'x' }, /^type: must be one of/],
    [{ type: 'text' }, /^data: is required/],
    [{ type: 'link', data: 'not a url' }, /^data:/],
    [{ type: 'email', data: 'hi@example.com' }, /^data: must be an object/],
    [{ type: 'email', data: { email: 'nope' } }, /^data\.email:/],
    [{ type: 'wifi', data: { ssid: 'Home' } }, /^data\.password:/],
    [{ type: 'vcard', data: { phone: '+1 555' } }, /^data\.firstname:/],
    [{ type: 'phone', data: 'call me' }, /^data:/],
    [{ type: 'text', data: 'x', foreground: 'rgb(300,0,0)' }, /^foreground:/],
    [{ type: 'text', data: 'x', background: '#ffffff' }, /^background:/],
    [{ type: 'text', data: 'x', logo: 'https://example.com/logo.gif' }, /^logo:/],
  ])('refuses %j', async (body, message) => {
    expectError(await call(s(), 'POST', '/api/qr/add', body), 400, message);
  });

  it('an unknown QR id is 404', async () => {
    expectError(await call(s(), 'GET', '/api/qr/999999'), 404, /QR code not found/);
  });
});

describe('short links', () => {
  it('creates a link with every field and reads it back', async () => {
    const channel = (await call(s(), 'POST', '/api/channel/add', { name: 'With links' })).json.id;
    const campaign = (await call(s(), 'POST', '/api/campaign/add', { name: 'With links' })).json.id;
    const overlay = (await call(s(), 'GET', '/api/overlay')).json.data.cta[0].id;
    const body = {
      url: 'https://example.com/everything',
      custom: 'everything',
      type: `overlay-${overlay}`,
      password: 'open sesame',
      domain: 'https://go.linkpilot.test',
      expiry: '2099-12-31 23:59:59',
      geotarget: [{ location: 'Germany', link: 'https://example.de' }],
      devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://example.fr' }],
      parameters: [{ name: 'utm_source', value: 'linkpilot' }],
      metatitle: 'Everything',
      metadescription: 'All fields',
      metaimage: 'https://example.com/og.png',
      description: 'A note',
      pixels: [1, 2],
      channel,
      campaign,
      deeplink: { auto: false, apple: 'https://apps.apple.com/app/x', google: 'https://play.google.com/store/apps/x' },
      status: 'public',
    };
    const created = await call(s(), 'POST', '/api/url/add', body);
    expect(created.json).toEqual({
      error: 0,
      id: expect.any(Number),
      shorturl: 'https://go.linkpilot.test/everything',
    });
    const one = (await call(s(), 'GET', `/api/url/${created.json.id}`)).json;
    expect(Object.keys(one).sort()).toEqual(['data', 'details', 'error', 'id']);
    expect(one.details).toEqual({
      id: created.json.id,
      shorturl: 'https://go.linkpilot.test/everything',
      longurl: 'https://example.com/everything',
      title: 'Everything',
      description: 'A note',
      location: { Germany: 'https://example.de' },
      device: { iPhone: 'https://example.com/ios' },
      expiry: '2099-12-31 23:59:59',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    expect(one.data).toEqual({
      clicks: 0,
      uniqueClicks: 0,
      topCountries: 0,
      topReferrers: 0,
      topBrowsers: 0,
      topOs: 0,
      socialCount: expect.objectContaining({ facebook: 0, twitter: 0 }),
    });
    const items = (await call(s(), 'GET', `/api/channel/${channel}`)).json.data.items;
    expect(items).toEqual([expect.objectContaining({ type: 'links', id: created.json.id })]);
  });

  it('lists, searches by keyword, orders by clicks, and looks up by short URL or alias', async () => {
    const a = (await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/zebra-article', custom: 'zebra1' }))
      .json;
    await call(s(), 'POST', '/api/url/add', { url: 'https://example.com/yak-article' });
    await fetch(a.shorturl, { redirect: 'manual' });
    const list = await call(s(), 'GET', '/api/urls?limit=100');
    expect(list.json.error).toBe('0');
    for (const record of list.json.data.urls)
      expect(Object.keys(record).sort()).toEqual([
        'alias',
        'clicks',
        'date',
        'description',
        'id',
        'longurl',
        'shorturl',
        'title',
      ]);
    const found = (await call(s(), 'GET', '/api/urls?q=ZEBRA')).json.data.urls;
    expect(found.map((l: { alias: string }) => l.alias)).toEqual(['zebra1']);
    const byClicks = (await call(s(), 'GET', '/api/urls?order=click&limit=100')).json.data.urls;
    expect(byClicks[0].clicks).toBeGreaterThanOrEqual(byClicks.at(-1).clicks);
    expect(byClicks[0].clicks).toBeGreaterThanOrEqual(1);
    for (const short of [a.shorturl, 'zebra1', a.shorturl.replace(/^http:\/\//, '')]) {
      const hit = await call(s(), 'GET', `/api/urls?short=${encodeURIComponent(short)}&q=ignored&page=5`);
      expect(hit.json).toMatchObject({ error: 0, id: a.id, details: { shorturl: a.shorturl } });
    }
    expectError(await call(s(), 'GET', '/api/urls?short=nothing-here'), 200, /^short: no link/);
    expectError(await call(s(), 'GET', '/api/urls?order=title'), 400, /^order:/);
  });

  it.each([
    [{}, /^url:/],
    [{ url: 'example.com' }, /^url:/],
    [{ url: 'javascript:alert(1)' }, /^url:/],
    [{ url: 'https://exa mple.com' }, /^url:/],
    [{ url: `https://example.com/${'a'.repeat(10_000)}` }, /^url: must be at most 2048/],
    [{ url: 'https://example.com', custom: 'ab' }, /^custom:/],
    [{ url: 'https://example.com', custom: 'ünïcode' }, /^custom:/],
    [{ url: 'https://example.com', custom: 'api' }, /^custom: is reserved/],
    [{ url: 'https://example.com', custom: 'DEMO' }, /^custom: alias is already taken/],
    [{ url: 'https://example.com', expiry: '2020-01-01 00:00:00' }, /^expiry: must lie in the future/],
    [{ url: 'https://example.com', expiry: '2027-02-30 10:00:00' }, /^expiry:/],
    [{ url: 'https://example.com', expiry: 'tomorrow' }, /^expiry:/],
    [{ url: 'https://example.com', type: 'teleport' }, /^type:/],
    [{ url: 'https://example.com', type: '999999' }, /^type: no splash page/],
    [{ url: 'https://example.com', domain: 'https://not-mine.example' }, /^domain:/],
    [{ url: 'https://example.com', geotarget: [{ location: 'DE' }] }, /^geotarget\.0\.link:/],
    [
      { url: 'https://example.com', languagetarget: [{ language: 'English', link: 'https://e.com' }] },
      /^languagetarget\.0\.language:/,
    ],
    [{ url: 'https://example.com', parameters: 'utm=1' }, /^parameters:/],
    [{ url: 'https://example.com', pixels: ['x'] }, /^pixels\.0:/],
    [{ url: 'https://example.com', channel: 999999 }, /^channel: channel not found/],
    [{ url: 'https://example.com', status: 'secret' }, /^status:/],
    [{ url: 'https://example.com', metaimage: 'https://example.com/x.gif' }, /^metaimage:/],
  ])('refuses %j with the field named', async (body, message) => {
    const a = await call(s(), 'POST', '/api/url/add', body);
    expect([400, 404]).toContain(a.status);
    expectError(a, a.status, message);
  });

  it('an unknown or malformed link id is 404', async () => {
    expectError(await call(s(), 'GET', '/api/url/999999'), 404, /Link not found/);
    expectError(await call(s(), 'GET', '/api/url/abc'), 404, /Link not found/);
  });
});
