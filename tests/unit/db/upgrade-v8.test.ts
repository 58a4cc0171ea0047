import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import {
  LinkpilotDb,
  type QrRow,
  SCHEMA_V1,
  SCHEMA_V2_CHANGES,
  SCHEMA_V3_CHANGES,
  SCHEMA_V5_CHANGES,
  SCHEMA_V6_CHANGES,
  SCHEMA_V7_CHANGES,
} from '@/lib/db/schema';
import { knownIds } from '@/lib/sync/ids';

/** The database as schema 7 left it: QR codes in `qrCodes`, one pulled and flagged, one made here with its edit queued. */
async function releaseSevenDatabase(name: string) {
  const v7 = new Dexie(name);
  v7.version(1).stores(SCHEMA_V1);
  v7.version(2).stores(SCHEMA_V2_CHANGES);
  v7.version(3).stores(SCHEMA_V3_CHANGES);
  v7.version(4).stores({});
  v7.version(5).stores(SCHEMA_V5_CHANGES);
  v7.version(6).stores(SCHEMA_V6_CHANGES);
  v7.version(7).stores(SCHEMA_V7_CHANGES);
  const pulled: QrRow = {
    key: 's:3',
    id: 3,
    sync: 'synced',
    pulledAt: 5,
    link: 'https://s.test/q3',
    scans: 6,
    name: 'Poster',
    date: '2026-11-01 00:00:00',
    input: null,
    twinOf: 'l:mine',
  };
  const mine: QrRow = {
    key: 'l:mine',
    id: 2,
    sync: 'pending',
    pulledAt: 4,
    link: 'https://s.test/q2',
    scans: 0,
    name: 'Menu',
    date: '2026-11-01 00:00:00',
    input: { type: 'text', data: 'Menu', name: 'Menu' } as QrRow['input'],
  };
  await v7.table('qrCodes').bulkAdd([pulled, mine]);
  await v7.table('qrStats').add({ key: 'l:mine', stats: {}, fetchedAt: 1 });
  await v7.table('outbox').add({
    kind: 'qr',
    op: 'update',
    key: 'l:mine',
    payload: { input: { name: 'Menu card' }, was: { name: 'Menu', input: mine.input } },
    deps: ['l:mine'],
    ids: { 'l:mine': 2 },
    state: 'pending',
    priority: 1,
    attempts: 0,
    createdAt: 1,
    notBefore: 1,
    ambiguous: false,
    error: null,
  });
  v7.close();
  return { pulled, mine };
}

describe('upgrading the client database from schema 7, through version 8', () => {
  it('moves every QR code into `qrs` as it was, indexed, drops `qrCodes`, and keeps the queued edit', async () => {
    const name = `linkpilot-v8-${Math.random()}`;
    const { pulled, mine } = await releaseSevenDatabase(name);

    const db = new LinkpilotDb(name);
    await db.open();

    expect(db.verno).toBe(11);
    expect(db.tables.map((t) => t.name)).not.toContain('qrCodes');
    expect(await db.qrs.orderBy('key').toArray()).toEqual([mine, pulled]);
    // The indexes came across: by id (the look-up of a create's record), by twin (the sync centre's count).
    expect((await db.qrs.where('id').equals(3).first())?.key).toBe('s:3');
    expect(await db.qrs.where('twinOf').above('').count()).toBe(1);
    expect(await db.qrs.orderBy('date').count()).toBe(2);
    expect(await knownIds(db, ['l:mine'])).toEqual({ 'l:mine': 2 });
    expect(await db.qrStats.get('l:mine')).toMatchObject({ fetchedAt: 1 });
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'qr', op: 'update', key: 'l:mine', state: 'pending' }]);
    db.close();
    await Dexie.delete(name);
  });
});
