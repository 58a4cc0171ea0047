import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { searchLinks } from '@/lib/db/queries';
import {
  LinkpilotDb,
  type LinkRow,
  SCHEMA_V1,
  SCHEMA_V2_CHANGES,
  SCHEMA_V3_CHANGES,
  SCHEMA_V5_CHANGES,
  SCHEMA_V6_CHANGES,
  SCHEMA_V7_CHANGES,
  SCHEMA_V8_CHANGES,
  SCHEMA_V9_CHANGES,
  SCHEMA_V10_CHANGES,
} from '@/lib/db/schema';

const link = (key: string, title: string, words: string[]): LinkRow => ({
  key,
  id: Number(key.slice(2)),
  sync: 'synced',
  pulledAt: 1,
  alias: `a${key.slice(2)}`,
  shorturl: `https://sho.rt/a${key.slice(2)}`,
  longurl: 'https://example.com/',
  longurlKey: 'https://example.com',
  clicks: 0,
  title,
  description: '',
  date: '2026-11-01 00:00:00',
  campaignKey: null,
  domain: 'https://sho.rt',
  status: null,
  input: null,
  words,
});

/** Links as version 10 indexed them: without one-letter words. */
async function releaseTenDatabase(name: string) {
  const v10 = new Dexie(name);
  v10.version(1).stores(SCHEMA_V1);
  v10.version(2).stores(SCHEMA_V2_CHANGES);
  v10.version(3).stores(SCHEMA_V3_CHANGES);
  v10.version(4).stores({});
  v10.version(5).stores(SCHEMA_V5_CHANGES);
  v10.version(6).stores(SCHEMA_V6_CHANGES);
  v10.version(7).stores(SCHEMA_V7_CHANGES);
  v10.version(8).stores(SCHEMA_V8_CHANGES);
  v10.version(9).stores(SCHEMA_V9_CHANGES);
  v10.version(10).stores(SCHEMA_V10_CHANGES);
  const words = (alias: string) => [alias, 'plan', 'https', 'sho', 'rt', 'example', 'com'];
  await v10.table('links').bulkAdd([link('s:1', 'Plan', words('a1')), link('s:2', 'Plan B', words('a2'))]);
  v10.close();
}

describe('upgrading the client database to version 11', () => {
  it('indexes one-letter words of the links mirrored before, so "plan b" finds "Plan B"', async () => {
    const name = `linkpilot-v11-${Math.random()}`;
    await releaseTenDatabase(name);

    const db = new LinkpilotDb(name);
    await db.open();

    expect(db.verno).toBe(11);
    expect((await db.links.get('s:2'))?.words).toEqual(expect.arrayContaining(['a2', 'plan', 'b']));
    expect((await db.links.get('s:1'))?.words).toEqual(['a1', 'plan', 'https', 'sho', 'rt', 'example', 'com']);
    expect((await searchLinks(db, 'plan b')).map((l) => l.key)).toEqual(['s:2']);
    db.close();
    await Dexie.delete(name);
  });
});
