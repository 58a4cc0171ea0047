import { describe, expect, it } from 'vitest';
import { call, plainRequest, serverPerFile } from './http';

const ctx = serverPerFile();
const s = () => ctx.server;
const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

async function create(body: Record<string, unknown>) {
  return (await call(s(), 'POST', '/api/url/add', body)).json as { id: number; shorturl: string };
}
const visit = (url: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
  fetch(url, { redirect: 'manual', ...init, headers: { 'User-Agent': CHROME_WIN, ...headers } });

describe('redirects that count', () => {
  it('redirects, and the statistics come from the recorded visits', async () => {
    const link = await create({ url: 'https://example.com/counted' });
    await visit(link.shorturl, { 'x-country': 'DE', Referer: 'https://www.facebook.com/some/post' });
    await visit(link.shorturl, { 'x-country': 'DE' });
    await visit(link.shorturl, {
      'x-country': 'FR',
      'User-Agent': SAFARI_IPHONE,
      Referer: 'https://news.example.org/a',
    });
    const res = await visit(link.shorturl);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/counted');
    const stats = (await call(s(), 'GET', `/api/url/${link.id}`)).json.data;
    expect(stats.clicks).toBe(4);
    // Same address and browser = one visitor; the iPhone is another.
    expect(stats.uniqueClicks).toBe(2);
    expect(stats.topCountries).toEqual({ Germany: '2', France: '1' });
    expect(stats.topBrowsers).toEqual({ Chrome: 3, Safari: 1 });
    expect(stats.topOs).toEqual({ Windows: 3, iOS: 1 });
    expect(stats.topReferrers).toMatchObject({
      'Direct, email and other': 2,
      'facebook.com': 1,
      'news.example.org': 1,
    });
    expect(stats.socialCount.facebook).toBe(1);
    const listed = (await call(s(), 'GET', `/api/urls?short=${encodeURIComponent(link.shorturl)}`)).json;
    expect(listed.data.clicks).toBe(4);
  });

  it('honours expiry: an expired link answers 410 and is not counted', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const { startServer } = await import('../../server/start');
    const timed = await startServer({ port: 0, db: ':memory:', now: () => now });
    try {
      const link = (
        await call(timed, 'POST', '/api/url/add', { url: 'https://example.com/soon', expiry: '2030-01-01 00:10:00' })
      ).json;
      expect((await visit(link.shorturl)).status).toBe(302);
      now = new Date('2030-01-01T00:11:00Z');
      expect((await visit(link.shorturl)).status).toBe(410);
      expect((await call(timed, 'GET', `/api/url/${link.id}`)).json.data.clicks).toBe(1);
    } finally {
      await timed.close();
    }
  });

  it('asks for the password with a form and counts only after it is right', async () => {
    const link = await create({ url: 'https://example.com/secret', password: 'letmein' });
    const form = await visit(link.shorturl);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('type="password"');
    const wrong = await visit(
      link.shorturl,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { method: 'POST', body: 'password=nope' },
    );
    expect(wrong.status).toBe(401);
    const right = await visit(
      link.shorturl,
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      { method: 'POST', body: 'password=letmein' },
    );
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('https://example.com/secret');
    expect((await call(s(), 'GET', `/api/url/${link.id}`)).json.data.clicks).toBe(1);
  });

  it('targets by country, device and language, and adds the URL parameters', async () => {
    const link = await create({
      url: 'https://example.com/default',
      geotarget: [{ location: 'DE', link: 'https://example.de/' }],
      devicetarget: [{ device: 'iPhone', link: 'https://example.com/ios' }],
      languagetarget: [{ language: 'fr', link: 'https://example.fr/' }],
      parameters: [{ name: 'utm_source', value: 'lp' }],
    });
    const go = async (headers: Record<string, string>) => (await visit(link.shorturl, headers)).headers.get('location');
    expect(await go({ 'x-country': 'de' })).toBe('https://example.de/?utm_source=lp');
    expect(await go({ 'User-Agent': SAFARI_IPHONE })).toBe('https://example.com/ios?utm_source=lp');
    expect(await go({ 'Accept-Language': 'fr-FR,fr;q=0.9' })).toBe('https://example.fr/?utm_source=lp');
    expect(await go({})).toBe('https://example.com/default?utm_source=lp');
  });

  it('frame and splash types answer with a page that escapes what it shows', async () => {
    const framed = await create({
      url: 'https://example.com/framed',
      type: 'frame',
      metatitle: '<script>alert(1)</script>',
    });
    const page = await (await visit(framed.shorturl)).text();
    expect(page).toContain('<iframe src="https://example.com/framed"');
    expect(page).not.toContain('<script>alert(1)</script>');
    expect(page).toContain('&lt;script&gt;');
    const splash = await create({ url: 'https://example.com/splashed', type: 'splash' });
    expect(await (await visit(splash.shorturl)).text()).toContain('Continue to https://example.com/splashed');
  });

  it('serves links of a branded domain by Host, with its root and 404 redirects', async () => {
    const id = (
      await call(s(), 'POST', '/api/domain/add', {
        domain: 'https://brand.example',
        redirectroot: 'https://brand-home.example/',
        redirect404: 'https://brand-home.example/404',
      })
    ).json.id;
    expect(id).toBeGreaterThan(0);
    const link = await create({
      url: 'https://example.com/branded',
      custom: 'branded1',
      domain: 'https://brand.example',
    });
    expect(link.shorturl).toBe('https://brand.example/branded1');
    const viaHost = (path: string, host = 'brand.example') => requestWithHost(s().port, path, host);
    expect(await viaHost('/branded1')).toEqual({ status: 302, location: 'https://example.com/branded' });
    expect(await viaHost('/')).toEqual({ status: 302, location: 'https://brand-home.example/' });
    expect(await viaHost('/nothing-here')).toEqual({ status: 302, location: 'https://brand-home.example/404' });
    // Other links are not served on the brand's host.
    expect(await viaHost('/demo')).toEqual({ status: 302, location: 'https://brand-home.example/404' });
    expect((await visit(`${s().url}/no-such-alias`)).status).toBe(404);
  });
});

/** fetch() will not send a custom Host header; node:http will. */
async function requestWithHost(port: number, path: string, host: string) {
  const answer = await plainRequest(`http://127.0.0.1:${port}`, path, { headers: { Host: host } });
  return { status: answer.status, location: answer.headers.location };
}
