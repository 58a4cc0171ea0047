import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { deleteDatabase } from '@/lib/db/delete';
import { databaseNamed } from '@/lib/db/open';
import { activateConnection, connect, removeConnection } from '@/lib/settings/connect';
import { activeConnection, connectionsItem } from '@/lib/settings/connection';

const account = {
  id: 1,
  email: 'a@b.test',
  username: 'a',
  avatar: '',
  status: 'pro',
  expires: '2027-01-01 00:00:00',
  registered: '2026-01-01 00:00:00',
};

function fakeFetch(status: number, body: unknown, seen: Request[] = []): typeof fetch {
  return async (input, init) => {
    seen.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

const ok = (body: object = account) => fakeFetch(200, { error: 0, data: body });
const active = async () => activeConnection(await connectionsItem.getValue());
const dbOf = async (id: string) => {
  const c = (await connectionsItem.getValue()).list.find((x) => x.id === id);
  if (!c) throw new Error(`no connection ${id}`);
  return databaseNamed(c.database);
};

beforeEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await deleteDatabase(name);
});

describe('connect', () => {
  it('checks the key with GET /api/account, then stores the connection and account', async () => {
    const seen: Request[] = [];
    const result = await connect(
      'https://s.example.com/',
      ' KEY1 ',
      {},
      fakeFetch(200, { error: 0, data: account }, seen),
    );
    expect(result.account.email).toBe('a@b.test');
    expect(seen[0]?.url).toBe('https://s.example.com/api/account');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer KEY1');
    expect(await active()).toMatchObject({ baseUrl: 'https://s.example.com', apiKey: 'KEY1', email: 'a@b.test' });
    expect((await (await dbOf(result.connectionId)).account.get('me'))?.email).toBe('a@b.test');
  });

  it('adds a connection beside the active one without switching to it when asked not to; the first is active at once', async () => {
    const first = await connect('https://s.example.com', 'KEY1', { activate: false }, ok());
    expect((await active())?.id).toBe(first.connectionId);
    const second = await connect('https://other.example.com', 'KEY2', { activate: false }, ok({ ...account, id: 2 }));
    expect((await connectionsItem.getValue()).list.map((c) => c.id)).toEqual([first.connectionId, second.connectionId]);
    expect((await active())?.id).toBe(first.connectionId);
  });

  it('keeps the previous connection when the key is refused, and never echoes the key', async () => {
    await connect('https://old.example.com', 'OLD', {}, ok());
    const failure = await connect(
      'https://s.example.com',
      'SECRET-KEY',
      {},
      fakeFetch(401, { error: 1, message: 'API key is invalid' }),
    ).catch((e: unknown) => e);
    expect(isApiError(failure) && failure.kind).toBe('auth');
    expect(errorInWords(failure, '')).toBe('The service refused this API key: API key is invalid');
    expect(JSON.stringify(failure) + String((failure as Error).message)).not.toContain('SECRET-KEY');
    expect((await connectionsItem.getValue()).list.map((c) => c.apiKey)).toEqual(['OLD']);
  });

  it('names the field for a bad URL or an empty key without sending anything', async () => {
    const seen: Request[] = [];
    const badUrl = await connect('mailto:someone@example.com', 'k', {}, fakeFetch(200, {}, seen)).catch(
      (e: unknown) => e,
    );
    const noKey = await connect('https://example.com', '  ', {}, fakeFetch(200, {}, seen)).catch((e: unknown) => e);
    expect(isApiError(badUrl) && badUrl.field).toBe('serviceUrl');
    expect(isApiError(noKey) && noKey.field).toBe('apiKey');
    expect(errorInWords(noKey, '')).toBe('Enter the API key.');
    expect(seen).toHaveLength(0);
  });

  it('sends nothing to a plain-http service elsewhere until the person agreed; this machine needs no agreement', async () => {
    const seen: Request[] = [];
    const refused = await connect('http://links.example.com', 'KEY', {}, fakeFetch(200, {}, seen)).catch(
      (e: unknown) => e,
    );
    expect(isApiError(refused) && refused.field).toBe('serviceUrl');
    expect(errorInWords(refused, '')).toMatch(
      /^Nothing was sent: over plain http the API key would travel unencrypted/,
    );
    expect(seen).toHaveLength(0);
    expect((await connectionsItem.getValue()).list).toEqual([]);

    const agreed = await connect(
      'http://links.example.com',
      'KEY',
      { allowPlainHttp: true },
      fakeFetch(200, { error: 0, data: account }, seen),
    );
    expect(agreed.notes).toContain('plainHttp');
    expect(seen.map((r) => r.url)).toEqual(['http://links.example.com/api/account']);

    for (const local of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) {
      await connect(local, 'KEY', {}, fakeFetch(200, { error: 0, data: account }, seen));
    }
    expect(seen).toHaveLength(4);
  });

  it('adds a second connection with its own database and makes it active; the first keeps its mirror', async () => {
    const first = await connect('https://s.example.com', 'K1', {}, ok());
    await (await dbOf(first.connectionId)).channels.put({
      key: 'c1',
      id: 1,
      sync: 'synced',
      pulledAt: 1,
      name: 'Mine',
      description: '',
      color: null,
      starred: false,
    });
    const second = await connect('https://t.example.org', 'K2', {}, ok({ ...account, id: 2, email: 'b@t.test' }));
    const { list } = await connectionsItem.getValue();
    expect(list.map((c) => [c.baseUrl, c.apiKey, c.email])).toEqual([
      ['https://s.example.com', 'K1', 'a@b.test'],
      ['https://t.example.org', 'K2', 'b@t.test'],
    ]);
    expect(new Set(list.map((c) => c.database)).size).toBe(2);
    expect((await active())?.id).toBe(second.connectionId);
    expect(await (await dbOf(first.connectionId)).channels.count()).toBe(1);
    expect(await (await dbOf(second.connectionId)).channels.count()).toBe(0);

    await activateConnection(first.connectionId);
    expect((await active())?.id).toBe(first.connectionId);
    const gone = await activateConnection('gone').catch((e: unknown) => e);
    expect(errorInWords(gone, '')).toBe('That connection was removed.');
  });

  it('the same account on the same service again gets the new key, not a second connection', async () => {
    const first = await connect('https://s.example.com', 'K1', {}, ok());
    await connect('https://t.example.org', 'K2', {}, ok({ ...account, id: 2 }));
    const again = await connect('https://s.example.com', 'K1-NEW', {}, ok());
    expect(again.connectionId).toBe(first.connectionId);
    expect((await connectionsItem.getValue()).list.map((c) => c.apiKey)).toEqual(['K1-NEW', 'K2']);
    expect((await active())?.id).toBe(first.connectionId);
  });

  it('changing a connection to another account starts its mirror afresh, and leaves the others alone', async () => {
    const first = await connect('https://s.example.com', 'K1', {}, ok());
    const second = await connect('https://t.example.org', 'K2', {}, ok({ ...account, id: 2 }));
    for (const id of [first.connectionId, second.connectionId])
      await (await dbOf(id)).meta.put({ key: 'marker', value: id });
    const before = (await connectionsItem.getValue()).list.find((c) => c.id === first.connectionId)!.database;
    await connect('https://s.example.com', 'K3', { replacing: first.connectionId }, ok({ ...account, id: 3 }));
    expect(await (await dbOf(first.connectionId)).meta.get('marker')).toBeUndefined();
    // A database of its own: what was written to the old one until the switch can never reach the new
    // account; the old one is deleted with whatever it still held.
    expect((await dbOf(first.connectionId)).name).not.toBe(before);
    expect(await Dexie.exists(before)).toBe(false);
    expect((await (await dbOf(second.connectionId)).meta.get('marker'))?.value).toBe(second.connectionId);
    expect((await connectionsItem.getValue()).list.map((c) => c.accountId)).toEqual([3, 2]);
  });

  it('removing a connection forgets its key and deletes its database; another becomes active', async () => {
    const first = await connect('https://s.example.com', 'K1', {}, ok());
    const second = await connect('https://t.example.org', 'K2', {}, ok({ ...account, id: 2 }));
    const removedDb = (await active())!.database;
    await removeConnection(second.connectionId);
    expect((await connectionsItem.getValue()).list.map((c) => c.id)).toEqual([first.connectionId]);
    expect((await active())?.id).toBe(first.connectionId);
    expect(await Dexie.exists(removedDb)).toBe(false);
    await removeConnection(first.connectionId);
    expect(await connectionsItem.getValue()).toEqual({ activeId: null, list: [] });
  });
});
