import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChildServer, type RawAnswer, rawExchange, rawRequest, startChildServer } from './child-server';
import { type PlainAnswer, plainRequest } from './http';

/**
 * The server as `npm run server` runs it, under requests no honest client sends. Every request
 * here is counted; at the end the process must still answer, and its log must hold no stack trace.
 */
const KEY_ONE = 'hostile-key-one-0001';
const KEY_TWO = 'hostile-key-two-0002';
const CONNECTION_CAP = 12;

let child: ChildServer;
let sent = 0;

beforeAll(async () => {
  child = await startChildServer([
    ...['--api-key', KEY_ONE, '--api-key', KEY_TWO],
    ...['--rate-limit', '100000', '--headers-timeout', '1', '--request-timeout', '2', '--keep-alive-timeout', '1'],
    ...['--max-connections', String(CONNECTION_CAP)],
  ]);
});
afterAll(async () => {
  await child?.stop();
});

/** One API request (or a visit, with `key: null`) on a connection of its own. */
function api(
  method: string,
  path: string,
  { body, key = KEY_ONE, host }: { body?: unknown; key?: string | null; host?: string } = {},
): Promise<PlainAnswer> {
  sent += 1;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  if (host) headers.Host = host;
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  return plainRequest(child.url, path, { method, headers, body: payload });
}

function raw(pieces: (string | Buffer)[], options?: Parameters<typeof rawExchange>[2]): Promise<RawAnswer> {
  sent += 1;
  return rawExchange(child.port, pieces, options);
}

const refused = (a: PlainAnswer, status: number, message: RegExp) => {
  const shown = `${a.status} ${JSON.stringify(a.json)}`;
  expect(a.status, shown).toBe(status);
  expect(a.json?.error, shown).toBe(1);
  expect(String(a.json?.message), shown).toMatch(message);
};

/** Ids of the first account's records, which the second account must not reach. */
const one = { link: 0, channel: 0, campaign: 0, splash: 0, overlay: 0, domain: 0, qr: 0 };
const firstId = async (path: string, collection: string) => {
  const records = (await api('GET', path)).json?.data?.[collection] as { id: number }[];
  return records[0]!.id;
};

describe('a hostile client against the running server', () => {
  beforeAll(async () => {
    one.link = (await api('GET', '/api/urls?short=demo')).json?.id as number;
    one.channel = await firstId('/api/channels', 'channels');
    one.campaign = await firstId('/api/campaigns', 'campaigns');
    one.splash = await firstId('/api/splash', 'splash');
    one.overlay = await firstId('/api/overlay', 'cta');
    one.domain = await firstId('/api/domains', 'domains');
    one.qr = await firstId('/api/qr', 'qrs');
  });

  it('malformed request lines get a 4xx or a closed connection, and the process lives on', async () => {
    const authorized = { Authorization: `Bearer ${KEY_ONE}`, Host: '127.0.0.1' };
    const lines: [string, Record<string, string>, (status: number | null) => boolean][] = [
      ['GET http://a:99999/ HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET http://[::1/ HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET http://a:99999/api/account HTTP/1.1', authorized, (s) => s === 400],
      ['GET https://[zz]/x HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET http:// HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET * HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['OPTIONS * HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET //api/account HTTP/1.1', authorized, (s) => s === 404],
      ['GET /%ZZ HTTP/1.1', { Host: 'a' }, (s) => s === 404],
      ['GET /api/channel/%ZZ HTTP/1.1', authorized, (s) => s === 400],
      ['GET /api/url/%E0%A4%A HTTP/1.1', authorized, (s) => s === 400],
      ['GET /\x01 HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET / HTTP/9.9', { Host: 'a' }, (s) => s === null || (s >= 400 && s < 600 && s !== 500)],
      ['BREW /coffee HTTP/1.1', { Host: 'a' }, (s) => s === 400],
      ['GET /api/account HTTP/1.1', { Authorization: `Bearer ${KEY_ONE}\x01`, Host: 'a' }, (s) => s === 400],
      ['GET /api/account HTTP/1.1', { 'Content-Length': '-1', Host: 'a' }, (s) => s === 400],
      [
        'GET /api/account HTTP/1.1',
        { 'Content-Length': '1', 'Transfer-Encoding': 'chunked', Host: 'a' },
        (s) => s === 400,
      ],
      [`GET /${'a'.repeat(70_000)} HTTP/1.1`, { Host: 'a' }, (s) => s === 431 || s === 400],
      ['CONNECT 127.0.0.1:22 HTTP/1.1', { Host: '127.0.0.1:22' }, (s) => s === null || (s >= 400 && s < 500)],
      [`GET http://127.0.0.1:${child.port}/api/account HTTP/1.1`, authorized, (s) => s === 200],
      [`GET http://user:pass@127.0.0.1/api/account HTTP/1.1`, authorized, (s) => s === 200],
    ];
    for (const [line, headers, expected] of lines) {
      const answer = await raw([rawRequest(line, headers)]);
      expect(expected(answer.status), `${line.slice(0, 80)} → ${answer.text.slice(0, 200)}`).toBe(true);
      expect(child.alive(), `the process died after ${line.slice(0, 80)}`).toBe(true);
    }
    const chunked = await raw([
      rawRequest(
        'POST /api/channel/add HTTP/1.1',
        { ...authorized, 'Transfer-Encoding': 'chunked' },
        'zz\r\nabc\r\n0\r\n\r\n',
      ),
    ]);
    expect(chunked.status).toBe(400);
    const garbage = await raw([Buffer.from([0x16, 0x03, 0x01, 0x00, 0xa5, 0x01, 0x00, 0x00, 0xa1, 0x03, 0x03])]);
    expect(garbage.status === null || garbage.status === 400).toBe(true);
    expect(child.alive()).toBe(true);
  });

  it('malformed percent escapes in API paths are a 400 that names the path', async () => {
    refused(await api('GET', '/api/channel/%ZZ'), 400, /^path: /);
    refused(await api('PUT', '/api/channel/%ZZ/update', { body: { name: 'x' } }), 400, /^path: /);
    refused(await api('POST', '/api/campaign/%/assign/1'), 400, /^path: /);
    refused(await api('GET', '/api/qr/%FF'), 400, /^path: /);
    refused(await api('POST', '/api/channel/1/assign/%C0%AF/1'), 400, /^path: /);
    refused(await api('GET', '/api/channels?limit=%ZZ'), 400, /^limit: /);
    refused(await api('GET', '/api/channels?limit=1e3'), 400, /^limit: /);
    refused(await api('GET', '/api/channels?page=99999999999999999999'), 400, /^page: /);
    const noMatch = await api('GET', '/api/urls?short=%ZZ');
    expect(noMatch.status).toBe(200);
    expect(noMatch.json?.error).toBe(1);
  });

  it('huge, deep and twisted bodies are refused with a clear message', async () => {
    refused(
      await api('POST', '/api/channel/add', { body: { name: 'x', description: 'y'.repeat(2_000_000) } }),
      413,
      /1 MB/,
    );
    const deepArray = `{"name":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    refused(await api('POST', '/api/channel/add', { body: deepArray }), 400, /^name: /);
    const deepObject = `{"name":"x","description":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    refused(await api('POST', '/api/channel/add', { body: deepObject }), 400, /^description: /);
    refused(await api('POST', '/api/channel/add', { body: '{"name":"ok","name":"\\u0000"}' }), 400, /^name: /);
    refused(await api('POST', '/api/channel/add', { body: '{"__proto__":{"name":"x"}}' }), 400, /^name: /);
    refused(await api('POST', '/api/channel/add', { body: { name: 'x', starred: 'yes' } }), 400, /^starred: /);
    refused(await api('POST', '/api/channel/add', { body: '{"name":"x","starred":1e999}' }), 400, /^starred: /);
    refused(
      await api('POST', '/api/url/add', { body: { url: `https://example.com/${'a'.repeat(3000)}` } }),
      400,
      /^url: /,
    );
    refused(await api('POST', '/api/channel/add', { body: '{"name": "unterminated' }), 400, /JSON object/);
    refused(await api('POST', '/api/qr/add', { body: { type: 'text', data: ['a', ['b', ['c']]] } }), 400, /^data: /);
  });

  it('control characters in single-line fields are a 400 that names the field', async () => {
    const cases: [string, string, unknown, RegExp][] = [
      ['POST', '/api/channel/add', { name: 'Nul\u0000name' }, /^name: must not contain control characters/],
      ['POST', '/api/channel/add', { name: 'Bell\u0007' }, /^name: must not contain control characters/],
      ['POST', '/api/channel/add', { name: 'Two\r\nlines' }, /^name: must not contain control characters/],
      ['POST', '/api/channel/add', { name: 'evil\u202Etxt.exe' }, /^name: must not contain control characters/],
      ['POST', '/api/channel/add', { name: '\u200B\u200C\u2060' }, /^name: must contain visible characters/],
      ['POST', '/api/channel/add', { name: 'ok', description: 'isolate \u2066x\u2069' }, /^description: must not/],
      ['PUT', `/api/channel/${one.channel}/update`, { name: 'Tab\tname' }, /^name: must not contain control/],
      ['POST', '/api/campaign/add', { name: 'Launch\nweek' }, /^name: must not contain control characters/],
      ['POST', '/api/qr/add', { type: 'text', data: 'hi', name: 'QR\u0000' }, /^name: must not contain control/],
      ['POST', '/api/qr/add', { type: 'vcard', data: { firstname: 'Eve\r\nTEL:666' } }, /^data\.firstname: must not/],
      [
        'POST',
        '/api/qr/add',
        { type: 'wifi', data: { ssid: 'Home\u0000', encryption: 'nopass' } },
        /^data\.ssid: must not/,
      ],
      ['POST', '/api/url/add', { url: 'https://example.com/a', metatitle: 'A\nB' }, /^metatitle: must not/],
      ['POST', '/api/url/add', { url: 'https://example.com/a', description: 'nul\u0000' }, /^description: must not/],
      [
        'POST',
        '/api/url/add',
        { url: 'https://example.com/a', parameters: [{ name: 'utm\tsource', value: 'x' }] },
        /^parameters\.0\.name: must not/,
      ],
      ['POST', '/api/url/add', { url: 'https://example.com/\u0000x' }, /^url: /],
      ['PUT', `/api/url/${one.link}/update`, { url: 'https://example.com/a', metatitle: 'A\u0000' }, /^metatitle: /],
      ['PUT', `/api/url/${one.link}/update`, { url: 'https://example.com/a', custom: '../api' }, /^custom: /],
      ['PUT', `/api/url/${one.link}/update`, { url: 'https://example.com/a', channel: '1 OR 1=1' }, /^channel: /],
      ['POST', '/api/pixel/add', { type: 'facebook', name: 'Px\u202E', tag: '1' }, /^name: must not/],
      [
        'POST',
        '/api/domain/add',
        { domain: 'https://ctl.example', redirectroot: 'https://x.example/\u0007' },
        /^redirectroot: /,
      ],
    ];
    for (const [method, path, body, message] of cases) refused(await api(method, path, { body }), 400, message);
    const listed = (await api('GET', '/api/channels?limit=100')).json?.data?.channels as { name: string }[];
    const names = listed.map((c) => c.name);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find control characters.
    expect(names.filter((n) => /[\u0000-\u001f\u202e]/.test(n))).toEqual([]);
  });

  it('another account’s ids name nothing', async () => {
    const as = { key: KEY_TWO };
    const theirChannel = (await api('POST', '/api/channel/add', { ...as, body: { name: 'Two’s channel' } })).json?.id;
    const theirLink = (await api('POST', '/api/url/add', { ...as, body: { url: 'https://example.com/two' } })).json?.id;
    refused(await api('GET', `/api/url/${one.link}`, as), 404, /not found/);
    refused(await api('POST', `/api/channel/${theirChannel}/assign/links/${one.link}`, as), 404, /Link not found/);
    refused(await api('POST', `/api/campaign/${one.campaign}/assign/${theirLink}`, as), 404, /Campaign not found/);
    refused(await api('POST', `/api/channel/${one.channel}/assign/links/${theirLink}`, as), 404, /Channel not found/);
    refused(
      await api('POST', '/api/url/add', { ...as, body: { url: 'https://e.example', channel: one.channel } }),
      404,
      /^channel: /,
    );
    refused(
      await api('POST', '/api/url/add', { ...as, body: { url: 'https://e.example', campaign: one.campaign } }),
      404,
      /^campaign: /,
    );
    refused(
      await api('POST', '/api/url/add', { ...as, body: { url: 'https://e.example', type: String(one.splash) } }),
      400,
      /^type: /,
    );
    refused(
      await api('POST', '/api/url/add', { ...as, body: { url: 'https://e.example', type: `overlay-${one.overlay}` } }),
      400,
      /^type: /,
    );
    refused(
      await api('POST', '/api/url/add', {
        ...as,
        body: { url: 'https://e.example', domain: 'https://go.linkpilot.test' },
      }),
      400,
      /^domain: /,
    );
    refused(
      await api('POST', '/api/url/add', { ...as, body: { url: 'https://e.example', domain: 'go.linkpilot.test' } }),
      400,
      /^domain: /,
    );
    refused(await api('DELETE', `/api/domain/${one.domain}/delete`, as), 404, /not found/);
    refused(await api('GET', `/api/qr/${one.qr}`, as), 404, /not found/);
    refused(await api('GET', `/api/channel/${one.channel}`, as), 404, /not found/);
    const short = await api('GET', '/api/urls?short=demo', as);
    expect(short.status).toBe(200);
    expect(short.json).toMatchObject({ error: 1, message: expect.stringMatching(/^short: /) });
  });

  it('host tricks capture no host and make no loop', async () => {
    const as = { key: KEY_TWO };
    const port = child.port;
    const taken = ['http://go.linkpilot.test', 'HTTPS://GO.LINKPILOT.TEST', 'https://go.linkpilot.test.'];
    for (const domain of taken)
      refused(await api('POST', '/api/domain/add', { ...as, body: { domain } }), 400, /^domain: is already registered/);
    const ownNames = [
      `http://localhost:${port}`,
      `http://127.0.0.1:${port}`,
      `http://[::1]:${port}`,
      `http://127.1:${port}`,
      `http://0x7f000001:${port}`,
      `http://shop.localhost:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://LOCALHOST.:${port}`,
    ];
    for (const domain of ownNames)
      refused(
        await api('POST', '/api/domain/add', { ...as, body: { domain } }),
        400,
        /^domain: is a name of this service/,
      );
    for (const url of [
      `http://localhost:${port}/demo`,
      `http://[::1]:${port}/x`,
      'https://go.linkpilot.test/demo',
      `http://127.0.0.9:${port}/`,
    ]) {
      refused(
        await api('POST', '/api/url/add', { ...as, body: { url } }),
        400,
        /^url: must not point back at this service/,
      );
    }
    const loop = (await api('POST', '/api/domain/add', { ...as, body: { domain: 'https://two.example' } })).json?.id;
    refused(
      await api('PUT', `/api/domain/${loop}/update`, { ...as, body: { redirect404: 'https://two.example/x' } }),
      400,
      /^redirect404: must not point back/,
    );
    expect((await api('GET', '/', { key: null, host: 'go.linkpilot.test.' })).headers.location).toBe(
      'https://linkpilot.test',
    );
    expect((await api('GET', '/', { key: null, host: 'GO.LINKPILOT.TEST' })).headers.location).toBe(
      'https://linkpilot.test',
    );
    expect((await api('GET', '/demo', { key: null, host: `localhost:${port}` })).headers.location).toBe(
      'https://example.com/',
    );
    expect((await api('GET', '/demo', { key: null, host: `[::1]:${port}` })).headers.location).toBe(
      'https://example.com/',
    );
    const noHost = await raw(['GET /demo HTTP/1.0\r\n\r\n']);
    expect(noHost.status).toBe(302);
    const absolute = await raw([rawRequest('GET http://go.linkpilot.test/ HTTP/1.1', { Host: `127.0.0.1:${port}` })]);
    expect(absolute.text).toMatch(/\r\nLocation: https:\/\/linkpilot\.test\r\n/i);
  });

  it('slow clients are cut off by the header, request and keep-alive timeouts', async () => {
    const headerLines = [
      'POST /api/channel/add HTTP/1.1\r\n',
      ...Array.from({ length: 30 }, (_, i) => `X-Slow-${i}: y\r\n`),
    ];
    const [slowHeaders, slowBody, idle, keptAlive] = await Promise.all([
      raw(headerLines, { gapMs: 200, waitMs: 8000 }),
      raw(
        [
          rawRequest('POST /api/channel/add HTTP/1.1', {
            Host: 'a',
            Authorization: `Bearer ${KEY_ONE}`,
            'Content-Length': '500',
          }),
          ...Array.from({ length: 60 }, () => 'a'),
        ],
        { gapMs: 100, waitMs: 8000 },
      ),
      raw([], { waitMs: 8000 }),
      raw([rawRequest('GET /demo HTTP/1.1', { Host: 'a', Connection: 'keep-alive' })], { waitMs: 8000 }),
    ]);
    for (const cut of [slowHeaders, slowBody, idle, keptAlive]) expect(cut.closedByServer).toBe(true);
    expect(slowHeaders.closedAfterMs).toBeLessThan(3500);
    expect(slowBody.closedAfterMs).toBeLessThan(4500);
    expect(slowBody.status === 408 || slowBody.status === null, slowBody.text.slice(0, 100)).toBe(true);
    expect(idle.closedAfterMs).toBeLessThan(3500);
    expect(keptAlive.status).toBe(302);
    expect(keptAlive.closedAfterMs).toBeLessThan(3500);
    expect(child.alive()).toBe(true);
  });

  it(`holds at most ${CONNECTION_CAP} connections and serves again once they close`, async () => {
    const held = await Promise.all(
      Array.from(
        { length: CONNECTION_CAP },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(child.port, '127.0.0.1', () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );
    try {
      const extra = await raw([rawRequest('GET /demo HTTP/1.1', { Host: 'a' })], { waitMs: 2000 });
      expect(extra.status).toBeNull();
      expect(extra.closedByServer).toBe(true);
    } finally {
      for (const socket of held) socket.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    expect((await api('GET', '/api/account')).status).toBe(200);
  });

  it('still answers afterwards, having logged no stack trace', async () => {
    expect((await api('GET', '/api/account')).json?.data).toMatchObject({ email: 'demo@linkpilot.test' });
    expect((await api('GET', '/api/account', { key: KEY_TWO })).status).toBe(200);
    expect(child.alive()).toBe(true);
    expect(sent).toBeGreaterThanOrEqual(60);
    const log = child.log();
    expect(log).not.toMatch(/^\s+at .+/m);
    expect(log).not.toMatch(/Error|unexpected/i);
  });
});
