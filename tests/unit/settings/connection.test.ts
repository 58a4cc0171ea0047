import Dexie from 'dexie';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectionLabel } from '@/components/settings/connection-label';
import { deleteDatabase } from '@/lib/db/delete';
import { DB_NAME } from '@/lib/db/names';
import { databaseNamed } from '@/lib/db/open';
import { LinkpilotDb } from '@/lib/db/schema';
import { labelCarriedOverConnections } from '@/lib/settings/connect';
import { activeConnection, connectionsItem, freeDatabaseName, NO_CONNECTIONS } from '@/lib/settings/connection';
import * as actions from '@/lib/sync/actions';

const v1 = { baseUrl: 'https://links.example', apiKey: 'KEY', connectedAt: '2026-01-01T00:00:00.000Z' };

beforeEach(async () => {
  for (const name of await Dexie.getDatabaseNames()) await deleteDatabase(name);
});

describe('the stored connections', () => {
  it('version 1’s one connection becomes the first of the list, active, mirrored in the database it had', async () => {
    // What version 1 left: the value under its key, no version mark (items without migrations write none).
    await fakeBrowser.storage.local.set({ connection: v1 });
    const before = new LinkpilotDb(DB_NAME);
    const queued = await actions.create({ db: before }, 'channel', { name: 'Queued before the upgrade' });
    await before.account.put({ key: 'me', id: 4, email: 'me@links.example' } as never);
    before.close();

    await connectionsItem.migrate();
    const all = await connectionsItem.getValue();
    expect(all.list).toEqual([{ ...v1, id: 'first', email: null, accountId: null, database: DB_NAME }]);
    expect(activeConnection(all)?.id).toBe('first');
    expect(await fakeBrowser.storage.local.get('connection$')).toEqual({ connection$: { v: 2 } });
    // Its mirror and its unsent change are where they were.
    const db = databaseNamed(activeConnection(all)!.database);
    expect((await db.outbox.toArray()).map((e) => e.key)).toEqual([queued]);

    // The worker fills in whose it is from the mirrored account, for the label.
    await labelCarriedOverConnections();
    const labelled = activeConnection(await connectionsItem.getValue())!;
    expect([labelled.email, labelled.accountId]).toEqual(['me@links.example', 4]);
    expect(connectionLabel(labelled)).toBe('me@links.example on links.example');
  });

  it('nothing stored before reads as no connections, and stays so', async () => {
    await connectionsItem.migrate();
    expect(await connectionsItem.getValue()).toEqual(NO_CONNECTIONS);
    expect(activeConnection(NO_CONNECTIONS)).toBeNull();
  });

  it('labels name the account and the host, port included, or the host alone while the account is unknown', () => {
    expect(connectionLabel({ baseUrl: 'http://127.0.0.1:8787', email: 'a@b.test' })).toBe('a@b.test on 127.0.0.1:8787');
    expect(connectionLabel({ baseUrl: 'https://links.example/sub', email: null })).toBe('links.example');
  });

  it('the first connection takes the database of version 1 when free; every other gets its own', () => {
    const first = { ...v1, id: 'a', email: null, accountId: null, database: DB_NAME };
    expect(freeDatabaseName([], 'a')).toBe(DB_NAME);
    expect(freeDatabaseName([first], 'b')).toBe(`${DB_NAME}-b`);
    expect(freeDatabaseName([{ ...first, database: `${DB_NAME}-b` }], 'c')).toBe(DB_NAME);
  });
});
