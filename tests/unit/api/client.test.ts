import { describe, expect, it } from 'vitest';
import { type ApiClient, createApiClient } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import type { RateLimitInfo } from '@/lib/api/rate-limit';
import { listOf, type Scripted, scriptedFetch } from '../../fixtures/fake-fetch';

const KEY = 'sk-test-SECRET-123';
const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const stats = {
  clicks: 0,
  uniqueClicks: 0,
  topCountries: 0,
  topReferrers: 0,
  topBrowsers: 0,
  topOs: 0,
  socialCount: {},
};
const campaign = { error: 0, id: 3, domain: 'Launch', public: true, rotator: false, list: 'https://s.test/campaign/3' };

function client(answers: Scripted[], seenLimits: RateLimitInfo[] = []) {
  const fake = scriptedFetch(answers);
  const api = createApiClient({
    baseUrl: 'https://s.test/base',
    getApiKey: () => KEY,
    fetch: fake.fetch,
    now: () => NOW,
    timeoutMs: 1000,
    onRateLimit: (info) => {
      seenLimits.push(info);
    },
  });
  return { api, seen: fake.seen };
}

type Case = [
  name: string,
  call: (api: ApiClient) => Promise<unknown>,
  answer: unknown,
  method: string,
  path: string,
  body?: unknown,
];

// All 25 operations of the spec: what each sends and that its answer is read.
const operations: Case[] = [
  [
    'getAccount',
    (a) => a.getAccount(),
    {
      error: 0,
      data: {
        id: 1,
        email: 'e@x.test',
        username: 'u',
        avatar: '',
        status: 'pro',
        expires: '2027-01-01 00:00:00',
        registered: '2026-01-01 00:00:00',
      },
    },
    'GET',
    '/api/account',
  ],
  [
    'updateAccount',
    (a) => a.updateAccount({ email: 'new@x.test' }),
    { error: 0, message: 'updated' },
    'PUT',
    '/api/account/update',
    { email: 'new@x.test' },
  ],
  [
    'listOverlays',
    (a) => a.listOverlays({ limit: 5, page: 2 }),
    listOf('cta', [{ id: 1, type: 'message', name: 'Hi', date: '2026-01-01 00:00:00' }]),
    'GET',
    '/api/overlay?page=2&limit=5',
  ],
  [
    'listSplashPages',
    (a) => a.listSplashPages(),
    listOf('splash', [{ id: 1, name: 'S', date: '2026-01-01 00:00:00' }]),
    'GET',
    '/api/splash',
  ],
  [
    'listChannels',
    (a) => a.listChannels(),
    listOf('channels', [{ id: 1, name: 'C', description: '', color: '#112233', starred: false }]),
    'GET',
    '/api/channels',
  ],
  [
    'listChannelItems',
    (a) => a.listChannelItems(4),
    listOf('items', [
      { type: 'links', id: 9, title: 't', preview: 'https://e.test', link: 'https://s.test/a', date: '2026-01-01' },
    ]),
    'GET',
    '/api/channel/4',
  ],
  [
    'createChannel',
    (a) => a.createChannel({ name: 'News', color: '#AABBCC', starred: true }),
    { error: 0, id: 5, name: 'News', description: '', color: '#aabbcc', starred: true },
    'POST',
    '/api/channel/add',
    { name: 'News', color: '#AABBCC', starred: true },
  ],
  [
    'assignToChannel',
    (a) => a.assignToChannel(5, 'qr', 8),
    { error: 0, message: 'assigned' },
    'POST',
    '/api/channel/5/assign/qr/8',
  ],
  [
    'updateChannel',
    (a) => a.updateChannel(5, { starred: false }),
    { error: 0, message: 'ok' },
    'PUT',
    '/api/channel/5/update',
    { starred: false },
  ],
  ['deleteChannel', (a) => a.deleteChannel(5), { error: 0, message: 'deleted' }, 'DELETE', '/api/channel/5/delete'],
  [
    'listDomains',
    (a) => a.listDomains(),
    listOf('domains', [{ id: 1, domain: 'https://go.test', redirectroot: '', redirect404: '' }]),
    'GET',
    '/api/domains',
  ],
  [
    'createDomain',
    (a) => a.createDomain({ domain: 'https://go.test', redirect404: 'https://go.test/404' }),
    { error: 0, id: 2 },
    'POST',
    '/api/domain/add',
    { domain: 'https://go.test', redirect404: 'https://go.test/404' },
  ],
  [
    'updateDomain',
    (a) => a.updateDomain(2, { redirectroot: 'https://home.test' }),
    { error: 0, message: 'ok' },
    'PUT',
    '/api/domain/2/update',
    { redirectroot: 'https://home.test' },
  ],
  ['deleteDomain', (a) => a.deleteDomain(2), { error: 0, message: 'deleted' }, 'DELETE', '/api/domain/2/delete'],
  [
    'listCampaigns',
    (a) => a.listCampaigns(),
    listOf('campaigns', [{ id: 3, name: 'Launch', public: true, rotator: false, list: 'https://s.test/campaign/3' }]),
    'GET',
    '/api/campaigns',
  ],
  [
    'createCampaign',
    (a) => a.createCampaign({ name: 'Launch', slug: 'launch', public: true }),
    campaign,
    'POST',
    '/api/campaign/add',
    { name: 'Launch', slug: 'launch', public: true },
  ],
  [
    'assignToCampaign',
    (a) => a.assignToCampaign(3, 7),
    { error: 0, message: 'assigned' },
    'POST',
    '/api/campaign/3/assign/7',
  ],
  [
    'updateCampaign',
    (a) => a.updateCampaign(3, { name: 'Relaunch' }),
    { ...campaign, domain: 'Relaunch' },
    'PUT',
    '/api/campaign/3/update',
    { name: 'Relaunch' },
  ],
  ['deleteCampaign', (a) => a.deleteCampaign(3), { error: 0, message: 'deleted' }, 'DELETE', '/api/campaign/3/delete'],
  [
    'listQrCodes',
    (a) => a.listQrCodes(),
    listOf('qrs', [{ id: 1, link: 'https://s.test/qr/a', scans: 2, name: 'Q', date: '2026-01-01 00:00:00' }]),
    'GET',
    '/api/qr',
  ],
  [
    'getQrCode',
    (a) => a.getQrCode(1),
    {
      error: 0,
      details: { id: 1, link: 'https://s.test/qr/a', scans: 2, name: 'Q', date: '2026-01-01 00:00:00' },
      data: stats,
    },
    'GET',
    '/api/qr/1',
  ],
  [
    'createQrCode',
    (a) =>
      a.createQrCode({
        type: 'wifi',
        data: { ssid: 'Home', password: 'pw123456', encryption: 'WPA' },
        foreground: 'rgb(0, 0, 0)',
      }),
    { error: 0, id: 6, link: 'https://s.test/qr/b' },
    'POST',
    '/api/qr/add',
    { type: 'wifi', data: { ssid: 'Home', password: 'pw123456', encryption: 'WPA' }, foreground: 'rgb(0,0,0)' },
  ],
  [
    'listLinks',
    (a) => a.listLinks({ q: 'news', order: 'click' }),
    listOf('urls', []),
    'GET',
    '/api/urls?q=news&order=click',
  ],
  [
    'getLink',
    (a) => a.getLink(7),
    {
      error: 0,
      id: 7,
      details: {
        id: 7,
        shorturl: 'https://s.test/a',
        longurl: 'https://e.test',
        title: '',
        description: '',
        location: 0,
        device: 0,
        expiry: null,
        date: '2026-01-01 00:00:00',
      },
      data: stats,
    },
    'GET',
    '/api/url/7',
  ],
  [
    'createLink',
    (a) => a.createLink({ url: 'https://example.com/a b'.replace(' ', '%20'), custom: 'my-link', status: 'public' }),
    { error: 0, id: 8, shorturl: 'https://s.test/my-link' },
    'POST',
    '/api/url/add',
    { url: 'https://example.com/a%20b', custom: 'my-link', status: 'public' },
  ],
];

describe('every operation sends the right request and reads its answer', () => {
  it.each(operations)('%s', async (_name, call, answer, method, path, body) => {
    const { api, seen } = client([
      {
        body: answer,
        headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29', 'X-RateLimit-Reset': '60' },
      },
    ]);
    const result = await call(api);
    expect(result).toBeDefined();
    const sent = seen[0]!;
    expect(sent.method).toBe(method);
    expect(sent.url.pathname + sent.url.search).toBe(`/base${path}`);
    expect(sent.headers.get('Authorization')).toBe(`Bearer ${KEY}`);
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.body).toEqual(body);
  });

  it('findLinkByShortUrl returns the single-link answer, or null when nothing matches', async () => {
    const detail = {
      error: 0,
      id: 7,
      details: {
        id: 7,
        shorturl: 'https://s.test/a',
        longurl: 'https://e.test',
        location: 0,
        device: 0,
        expiry: null,
        date: '2026-01-01 00:00:00',
      },
      data: stats,
    };
    const { api, seen } = client([
      { body: detail },
      { status: 404, body: { error: 1, message: 'short: no link with that short URL' } },
    ]);
    expect((await api.findLinkByShortUrl('https://s.test/a'))?.details.id).toBe(7);
    expect(seen[0]!.url.searchParams.get('short')).toBe('https://s.test/a');
    expect(await api.findLinkByShortUrl('https://s.test/none')).toBeNull();
  });

  it('findLinkByShortUrl reads the hosted service’s "no match" too: HTTP 200 with error 1', async () => {
    const { api } = client([
      { body: { error: 1, message: 'short: no link with that short URL' } },
      { status: 400, body: { error: 1, message: 'short: enter a short URL' } },
    ]);
    expect(await api.findLinkByShortUrl('https://s.test/none')).toBeNull();
    // A refusal with a 4xx status is not "no match": it stays an error the caller sees.
    const refused = await failure(api.findLinkByShortUrl('https://s.test/odd'));
    expect(refused).toMatchObject({ kind: 'validation', status: 400 });
  });

  it('campaign create reads the name carried under `domain`', async () => {
    const { api } = client([{ body: campaign }]);
    expect(await api.createCampaign({ name: 'Launch' })).toMatchObject({ id: 3, name: 'Launch', rotator: null });
  });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('bad input is refused before anything is sent', () => {
  const invalid: [string, (api: ApiClient) => Promise<unknown>, string | null][] = [
    ['a URL without scheme', (a) => a.createLink({ url: 'example.com' }), 'url'],
    ['a javascript: URL', (a) => a.createLink({ url: 'javascript:alert(1)' }), 'url'],
    ['a 10 KB URL', (a) => a.createLink({ url: `https://e.test/${'a'.repeat(10_000)}` }), 'url'],
    ['an alias with a space', (a) => a.createLink({ url: 'https://e.test', custom: 'my link' }), 'custom'],
    ['an expiry in the past', (a) => a.createLink({ url: 'https://e.test', expiry: '2020-01-01 00:00:00' }), 'expiry'],
    ['an impossible expiry', (a) => a.createLink({ url: 'https://e.test', expiry: '2027-02-30 10:00:00' }), 'expiry'],
    [
      'a geotarget without link',
      (a) => a.createLink({ url: 'https://e.test', geotarget: [{ location: 'DE', link: '' }] }),
      'geotarget.0.link',
    ],
    [
      'a bad language code',
      (a) =>
        a.createLink({ url: 'https://e.test', languagetarget: [{ language: 'English', link: 'https://e.test/en' }] }),
      'languagetarget.0.language',
    ],
    [
      'a deeplink that is no URL',
      (a) => a.createLink({ url: 'https://e.test', deeplink: { auto: true, apple: 'itms://x' } }),
      'deeplink.apple',
    ],
    ['a colour name', (a) => a.createChannel({ name: 'C', color: 'red' }), 'color'],
    ['an empty channel name', (a) => a.createChannel({ name: '  ' }), 'name'],
    ['an empty channel update', (a) => a.updateChannel(1, {}), null],
    ['an item type outside links/bio/qr', (a) => a.assignToChannel(1, 'pages' as 'links', 1), null],
    ['a domain with a path', (a) => a.createDomain({ domain: 'https://go.test/x' }), 'domain'],
    ['a campaign update without name', (a) => a.updateCampaign(1, {} as { name: string }), 'name'],
    [
      'an rgb colour out of range',
      (a) => a.createQrCode({ type: 'text', data: 'hi', background: 'rgb(300,0,0)' }),
      'background',
    ],
    ['QR email without address', (a) => a.createQrCode({ type: 'email', data: { email: 'nobody' } }), 'data.email'],
    ['QR wifi without password', (a) => a.createQrCode({ type: 'wifi', data: { ssid: 'Home' } }), 'data.password'],
    [
      'QR vcard without a name',
      (a) => a.createQrCode({ type: 'vcard', data: { phone: '+49 30 1234' } }),
      'data.firstname',
    ],
    ['QR phone with letters', (a) => a.createQrCode({ type: 'phone', data: 'call me' }), 'data'],
    ['a QR type that does not exist', (a) => a.createQrCode({ type: 'fax', data: '1' } as never), 'type'],
    ['an account update with nothing', (a) => a.updateAccount({}), null],
    ['a short password', (a) => a.updateAccount({ password: 'short' }), 'password'],
    ['a negative id', (a) => a.getLink(-1), 'id'],
    ['a fractional page', (a) => a.listLinks({ page: 1.5 }), 'page'],
    ['an unknown order', (a) => a.listLinks({ order: 'title' as 'date' }), 'order'],
  ];
  it.each(invalid)('%s', async (_name, call, field) => {
    const { api, seen } = client([]);
    const error = await failure(call(api));
    expect(error.kind).toBe('validation');
    expect(error.field).toBe(field);
    expect(error.retryable).toBe(false);
    expect(error.message.length).toBeGreaterThan(5);
    expect(seen).toHaveLength(0);
  });
});

describe('failures become one typed error', () => {
  const cases: [string, Scripted, Partial<ApiError>][] = [
    [
      'a refused key (401)',
      { status: 401, body: { error: 1, message: 'API key is invalid' } },
      { kind: 'auth', status: 401, serverMessage: 'API key is invalid', retryable: false },
    ],
    [
      'an unknown id (404)',
      { status: 404, body: { error: 1, message: 'Link not found' } },
      { kind: 'not-found', retryable: false },
    ],
    [
      'a refused field (400)',
      { status: 400, body: { error: 1, message: 'custom: alias is already taken' } },
      { kind: 'validation', field: 'custom', message: 'refusal.aliasTaken', retryable: false },
    ],
    [
      'an error body with HTTP 200',
      { status: 200, body: { error: '1', message: 'Nope' } },
      { kind: 'validation', serverMessage: 'Nope' },
    ],
    [
      'a server failure (500)',
      { status: 500, body: { error: 1, message: 'boom' } },
      { kind: 'server', retryable: true, ambiguous: true },
    ],
    [
      'an HTML error page',
      { status: 502, raw: '<html><body>Bad gateway</body></html>' },
      { kind: 'server', status: 502, retryable: true },
    ],
    [
      'an HTML page with 200',
      { status: 200, raw: '<html>login</html>' },
      { kind: 'bad-response', ambiguous: true, retryable: true },
    ],
    [
      'truncated JSON',
      { status: 200, raw: '{"error":0,"id":5,"shor' },
      { kind: 'bad-response', ambiguous: true, retryable: true },
    ],
    ['a JSON array', { status: 200, raw: '[1,2]' }, { kind: 'bad-response', retryable: true }],
    [
      'wrong types',
      { status: 200, body: { error: 0, id: 'five' } },
      { kind: 'bad-response', field: 'id', retryable: false },
    ],
    [
      'rate limited (429) with Retry-After',
      { status: 429, body: { error: 1, message: 'slow down' }, headers: { 'Retry-After': '12' } },
      { kind: 'rate-limited', retryAt: NOW + 12_000, retryable: true },
    ],
    [
      'rate limited (429) without any header',
      { status: 429, raw: '' },
      { kind: 'rate-limited', retryAt: NOW + 60_000 },
    ],
    [
      'a refused connection',
      { fail: new TypeError('Failed to fetch') },
      { kind: 'network', retryable: true, ambiguous: true },
    ],
    [
      'a timeout',
      { fail: new DOMException('timed out', 'TimeoutError') },
      { kind: 'timeout', retryable: true, ambiguous: true },
    ],
  ];
  it.each(cases)('%s', async (_name, answer, expected) => {
    const { api } = client([answer]);
    const error = await failure(api.createLink({ url: 'https://example.com' }));
    expect(error).toMatchObject(expected);
    expect(JSON.stringify(error.toJSON()) + error.message + String(error.stack)).not.toContain(KEY);
  });

  it("a refusal that names no field is put at the sent field it is about (another service's wording)", async () => {
    const { api } = client([{ status: 409, body: { error: 1, message: 'That alias is taken, choose another.' } }]);
    const error = await failure(api.createLink({ url: 'https://example.com', custom: 'acme' }));
    expect(error).toMatchObject({ kind: 'validation', field: 'custom', message: 'refusal.aliasTaken' });
  });

  it('a read that failed is not ambiguous', async () => {
    const { api } = client([{ fail: new TypeError('Failed to fetch') }]);
    expect((await failure(api.getAccount())).ambiguous).toBe(false);
  });

  it('reports the rate-limit headers of failures too', async () => {
    const limits: RateLimitInfo[] = [];
    const { api } = client(
      [
        {
          status: 500,
          body: { error: 1, message: 'x' },
          headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '3', 'X-RateLimit-Reset': '10' },
        },
      ],
      limits,
    );
    await failure(api.getAccount());
    expect(limits).toEqual([expect.objectContaining({ limit: 30, remaining: 3, resetAt: NOW + 10_000 })]);
  });

  it('asks for a key before sending and says so when none is set', async () => {
    const api = createApiClient({ baseUrl: 'https://s.test', getApiKey: () => null, fetch: scriptedFetch([]).fetch });
    expect(await failure(api.getAccount())).toMatchObject({ kind: 'auth', retryable: false });
  });
});
