import { describe, expect, it } from 'vitest';
import type { LinkpilotDb, OutboxEntry } from '@/lib/db/schema';
import { channelRow } from '@/lib/kinds/channel';
import { linkRow } from '@/lib/kinds/link-row';
import { writeMirror } from '@/lib/sync/mirror';
import { freshDb } from '../sync/db';

const channel = (key: string, name = 'News') => ({
  ...channelRow({ id: 1, name, description: '', color: null, starred: false }, undefined, 1),
  key,
  sync: 'synced' as const,
});

async function queued(db: LinkpilotDb, key: string, state: OutboxEntry['state']) {
  await db.outbox.add({
    kind: 'channel',
    op: 'update',
    key,
    payload: { name: 'Edited' },
    deps: [key],
    ids: { [key]: 1 },
    state,
    priority: 1,
    attempts: 0,
    createdAt: 1,
    notBefore: 1,
    ambiguous: false,
    error: null,
  });
}

describe('the mirror as changes made here write it', () => {
  it('shows on each record the state of the changes still queued for it; a record just made is pending unlooked', async () => {
    const db = freshDb();
    await queued(db, 'refused', 'failed');
    await queued(db, 'waiting', 'inflight');
    await writeMirror(db, [
      { put: 'channels', row: channel('refused') },
      { put: 'channels', row: channel('waiting') },
      { put: 'channels', row: { ...channel('sent'), sync: 'pending' } },
      { put: 'channels', row: { ...channel('made'), sync: 'synced' }, made: true },
    ]);
    const sync = Object.fromEntries((await db.channels.toArray()).map((r) => [r.key, r.sync]));
    expect(sync).toEqual({ refused: 'failed', waiting: 'pending', sent: 'synced', made: 'pending' });
  });

  it('lays fields over the row as it is when written, and leaves a row that is gone alone', async () => {
    const db = freshDb();
    await db.channels.put(channel('c1', 'Before'));
    await writeMirror(db, [
      { patch: 'channels', key: 'c1', fields: (row) => ({ description: `${row.name} and after` }) },
      { patch: 'channels', key: 'c1', fields: { color: '#ff0000' } },
      { patch: 'channels', key: 'gone', fields: { name: 'Back?' } },
    ]);
    expect(await db.channels.get('c1')).toMatchObject({
      name: 'Before',
      description: 'Before and after',
      color: '#ff0000',
    });
    expect(await db.channels.count()).toBe(1);
  });

  it('puts a record back only when the mirror has not got it again, showing where its changes stand', async () => {
    const db = freshDb();
    await db.channels.put(channel('pulled', 'As pulled since'));
    // Deleted while its delete was queued: back with no change waiting, so synced.
    const pixel = {
      key: 'p4',
      id: 4,
      sync: 'pending' as const,
      pulledAt: 1,
      type: 'gtmpixel',
      name: 'Tag',
      tag: 'GTM-1',
      date: null,
    };
    await writeMirror(db, [
      { restore: 'channels', row: channel('pulled', 'As it was') },
      { restore: 'channels', row: channel('deleted', 'Deleted here') },
      { restore: 'pixels', row: pixel },
    ]);
    expect((await db.channels.get('pulled'))?.name).toBe('As pulled since');
    expect((await db.channels.get('deleted'))?.name).toBe('Deleted here');
    expect(await db.pixels.get('p4')).toEqual({ ...pixel, sync: 'synced' });
  });

  it('removes or changes the rows that name a record, as narrowed, and a record by its key', async () => {
    const db = freshDb();
    const link = {
      ...linkRow(
        {
          id: 9,
          alias: 'a',
          shorturl: 'https://s.test/a',
          longurl: 'https://example.com/',
          clicks: 0,
          title: 'A',
          description: '',
          date: '2026-11-01 00:00:00',
        },
        undefined,
        1,
      ),
      key: 'l1',
      campaignKey: 'ca',
    };
    await db.links.put(link);
    const item = {
      channelKey: 'c',
      type: 'links',
      itemKey: 'l1',
      itemId: 9,
      title: '',
      preview: '',
      link: '',
      date: null,
    };
    await db.channelItems.bulkPut([
      { ...item, key: 'keep', sync: 'synced' },
      { ...item, key: 'other', sync: 'synced', type: 'qr' },
      { ...item, key: 'moved', sync: 'synced' },
    ]);
    await db.linkStats.put({ key: 'l1', stats: {} as never, location: [], device: [], expiry: null, fetchedAt: 1 });
    await writeMirror(db, [
      {
        each: 'channelItems',
        where: 'itemKey',
        equals: 'l1',
        fields: null,
        only: (r) => r.key !== 'keep' && r.type === 'links',
      },
      { each: 'links', where: 'campaignKey', equals: 'ca', fields: { campaignKey: null } },
      { remove: 'linkStats', key: 'l1' },
    ]);
    expect((await db.channelItems.toArray()).map((r) => r.key).sort()).toEqual(['keep', 'other']);
    expect((await db.links.get('l1'))?.campaignKey).toBeNull();
    expect(await db.linkStats.count()).toBe(0);
  });

  it('alone, is one transaction: a write that fails takes the others back', async () => {
    const db = freshDb();
    await db.channels.put(channel('c1', 'Before'));
    // A row without its key: IndexedDB refuses it, after the first write was made.
    const failing = writeMirror(db, [
      { patch: 'channels', key: 'c1', fields: { name: 'After' } },
      { put: 'channels', row: { name: 'No key' } },
    ]);
    await expect(failing).rejects.toThrow();
    expect((await db.channels.get('c1'))?.name).toBe('Before');
  });
});
