import { beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import { LinkpilotDb } from '@/lib/db/schema';
import { connect, disconnect } from '@/lib/settings/connect';
import { connectionItem } from '@/lib/settings/connection';

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

const db = new LinkpilotDb('connect-test');
beforeEach(async () => {
  await Promise.all(db.tables.map((t) => t.clear()));
});

describe('connect', () => {
  it('checks the key with GET /api/account, then stores the connection and account', async () => {
    const seen: Request[] = [];
    const result = await connect(
      db,
      'https://s.example.com/',
      ' KEY1 ',
      fakeFetch(200, { error: 0, data: account }, seen),
    );
    expect(result.account.email).toBe('a@b.test');
    expect(seen[0]?.url).toBe('https://s.example.com/api/account');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer KEY1');
    expect(await connectionItem.getValue()).toMatchObject({ baseUrl: 'https://s.example.com', apiKey: 'KEY1' });
    expect((await db.account.get('me'))?.email).toBe('a@b.test');
  });

  it('keeps the previous connection when the key is refused, and never echoes the key', async () => {
    await connectionItem.setValue({ baseUrl: 'https://old.example.com', apiKey: 'OLD', connectedAt: 'x' });
    const failure = await connect(
      db,
      'https://s.example.com',
      'SECRET-KEY',
      fakeFetch(401, { error: 1, message: 'API key is invalid' }),
    ).catch((e: unknown) => e);
    expect(isApiError(failure) && failure.kind).toBe('auth');
    expect(JSON.stringify(failure) + String((failure as Error).message)).not.toContain('SECRET-KEY');
    expect((await connectionItem.getValue())?.apiKey).toBe('OLD');
  });

  it('names the field for a bad URL or an empty key without sending anything', async () => {
    const seen: Request[] = [];
    const badUrl = await connect(db, 'example.com', 'k', fakeFetch(200, {}, seen)).catch((e: unknown) => e);
    const noKey = await connect(db, 'https://example.com', '  ', fakeFetch(200, {}, seen)).catch((e: unknown) => e);
    expect(isApiError(badUrl) && badUrl.field).toBe('serviceUrl');
    expect(isApiError(noKey) && noKey.field).toBe('apiKey');
    expect(seen).toHaveLength(0);
  });

  it('disconnect removes the key and the cached account', async () => {
    await connect(db, 'https://s.example.com', 'K', fakeFetch(200, { error: 0, data: account }));
    await disconnect(db);
    expect(await connectionItem.getValue()).toBeNull();
    expect(await db.account.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});
