import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { RunningServer } from '../../server/start';
import { call, serverPerFile } from './http';

/**
 * An update whose body is still on its way must not land on a record that was not the caller's
 * when the body arrived: the caller may have deleted the record meanwhile, and another account
 * may have created one since.
 */
const ctx = serverPerFile();
const s = () => ctx.server;

type Json = Record<string, unknown>;

interface Kind {
  name: string;
  create: (tag: string) => [path: string, body: Json];
  update: (id: number) => string;
  remove: (id: number) => string;
  /** The update the held request sends, and the field of the record it changes. */
  change: { body: Json; field: string; value: unknown };
  /** The record as its account reads it back, or undefined when it is not there. */
  read: (key: string, id: number) => Promise<Json | undefined>;
}

const listed = (path: string, collection: string) => async (key: string, id: number) => {
  const rows = (await call(s(), 'GET', `${path}?limit=100`, undefined, key)).json?.data?.[collection] as Json[];
  return rows.find((r) => r.id === id);
};
const detailed = (path: string) => async (key: string, id: number) =>
  (await call(s(), 'GET', `${path}/${id}`, undefined, key)).json?.details as Json | undefined;

let unique = 0;
const KINDS: Kind[] = [
  {
    name: 'link',
    create: (tag) => ['/api/url/add', { url: `https://example.com/${tag}` }],
    update: (id) => `/api/url/${id}/update`,
    remove: (id) => `/api/url/${id}/delete`,
    change: { body: { url: 'https://example.com/held' }, field: 'longurl', value: 'https://example.com/held' },
    read: detailed('/api/url'),
  },
  {
    name: 'QR code',
    create: (tag) => ['/api/qr/add', { type: 'text', data: `QR ${tag}`, name: `QR ${tag}` }],
    update: (id) => `/api/qr/${id}/update`,
    remove: (id) => `/api/qr/${id}/delete`,
    change: { body: { name: 'Held' }, field: 'name', value: 'Held' },
    read: detailed('/api/qr'),
  },
  {
    name: 'pixel',
    create: (tag) => ['/api/pixel/add', { type: 'gtmpixel', name: `Pixel ${tag}`, tag: `GTM-${tag}` }],
    update: (id) => `/api/pixel/${id}/update`,
    remove: (id) => `/api/pixel/${id}/delete`,
    change: { body: { name: 'Held' }, field: 'name', value: 'Held' },
    read: listed('/api/pixels', 'pixels'),
  },
  {
    name: 'channel',
    create: (tag) => ['/api/channel/add', { name: `Channel ${tag}` }],
    update: (id) => `/api/channel/${id}/update`,
    remove: (id) => `/api/channel/${id}/delete`,
    change: { body: { name: 'Held' }, field: 'name', value: 'Held' },
    read: listed('/api/channels', 'channels'),
  },
  {
    name: 'campaign',
    create: (tag) => ['/api/campaign/add', { name: `Campaign ${tag}` }],
    update: (id) => `/api/campaign/${id}/update`,
    remove: (id) => `/api/campaign/${id}/delete`,
    change: { body: { name: 'Held' }, field: 'name', value: 'Held' },
    read: listed('/api/campaigns', 'campaigns'),
  },
  {
    name: 'domain',
    create: (tag) => ['/api/domain/add', { domain: `https://${tag}-${++unique}.race.example` }],
    update: (id) => `/api/domain/${id}/update`,
    remove: (id) => `/api/domain/${id}/delete`,
    change: {
      body: { redirectroot: 'https://example.com/held' },
      field: 'redirectroot',
      value: 'https://example.com/held',
    },
    read: listed('/api/domains', 'domains'),
  },
];

async function create(kind: Kind, key: string, tag: string): Promise<number> {
  const [path, body] = kind.create(tag);
  const made = await call(s(), 'POST', path, body, key);
  expect(made.json, `${kind.name} create`).toMatchObject({ error: 0, id: expect.any(Number) });
  return made.json.id as number;
}

interface Held {
  /** Sends the rest of the body and resolves with the answer's status (null: none came). */
  finish(): Promise<{ status: number | null; text: string }>;
}

const SOCKET_TIMEOUT_MS = 10_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends a request's headers (Content-Length of the whole body) and the first half of its body
 * over a connection of its own, and holds the rest until `finish`.
 */
async function hold(server: RunningServer, method: string, path: string, key: string, body: Json): Promise<Held> {
  const text = JSON.stringify(body);
  const half = Math.floor(text.length / 2);
  const socket = connect(server.port, '127.0.0.1');
  socket.setTimeout(SOCKET_TIMEOUT_MS, () => socket.destroy());
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString('utf8');
  });
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${key}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n` +
      text.slice(0, half),
  );
  // Time for the server to read the headers and start the handler, which then waits for the rest.
  await sleep(150);
  return {
    finish: async () => {
      socket.end(text.slice(half));
      await closed;
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      return { status: status ? Number(status[1]) : null, text: received };
    },
  };
}

const accounts = (kind: Kind, round: string) => {
  const slug = kind.name.replace(/\W/g, '-');
  return [
    s().createAccount({ email: `race-${round}-a-${slug}@linkpilot.test` }),
    s().createAccount({ email: `race-${round}-b-${slug}@linkpilot.test` }),
  ] as const;
};

describe.each(KINDS)('a held $name update', (kind) => {
  it('of a record deleted meanwhile is refused, and the record another account made since is untouched', async () => {
    const [a, b] = accounts(kind, 'gone');
    const mine = await create(kind, a.apiKey, 'a');
    const held = await hold(s(), 'PUT', kind.update(mine), a.apiKey, kind.change.body);
    expect((await call(s(), 'DELETE', kind.remove(mine), undefined, a.apiKey)).status).toBe(200);
    const theirs = await create(kind, b.apiKey, 'b');
    const before = await kind.read(b.apiKey, theirs);
    expect(before).toBeDefined();

    const answer = await held.finish();
    expect.soft(theirs, `B's new ${kind.name} takes an id that was A's`).not.toBe(mine);
    expect.soft(answer.status, `A's held update answered ${answer.text.split('\r\n\r\n')[1]}`).toBe(404);
    expect.soft(await kind.read(b.apiKey, theirs), `B's ${kind.name} after A's held update`).toEqual(before);
  });

  it('of a record that still exists changes that record only, whatever another account makes meanwhile', async () => {
    const [a, b] = accounts(kind, 'kept');
    const mine = await create(kind, a.apiKey, 'a');
    const held = await hold(s(), 'PUT', kind.update(mine), a.apiKey, kind.change.body);
    const theirs = await create(kind, b.apiKey, 'b');
    const before = await kind.read(b.apiKey, theirs);

    const answer = await held.finish();
    expect(answer.status).toBe(200);
    expect(await kind.read(b.apiKey, theirs)).toEqual(before);
    expect((await kind.read(a.apiKey, mine))?.[kind.change.field]).toBe(kind.change.value);
  });
});
