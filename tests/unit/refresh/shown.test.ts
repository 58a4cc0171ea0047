import { describe, expect, it } from 'vitest';
import { clearShown, markShown, SHOWN_LEASE_MS, shownTargets } from '@/lib/refresh/shown';
import { refreshedAt, refreshTarget } from '@/lib/refresh/shown-refresh';
import { freshDb } from '../sync/db';
import { apiFor, fakeService } from '../sync/fake-service';
import { channelRecord, pagedService } from '../sync/paged-service';

const T = Date.UTC(2026, 10, 22, 12);
const stats = {
  clicks: 7,
  uniqueClicks: 5,
  topCountries: 0,
  topReferrers: 0,
  topBrowsers: 0,
  topOs: 0,
  socialCount: {},
};
const linkRow = (key: string, id: number) => ({
  key,
  id,
  sync: 'synced' as const,
  pulledAt: T,
  alias: 'a',
  shorturl: 'https://s.test/a',
  longurl: 'https://example.com/',
  longurlKey: 'example.com/',
  clicks: 1,
  title: '',
  description: '',
  date: '2026-11-22 10:00:00',
  campaignKey: null,
  domain: '',
  status: null,
  input: null,
  words: [],
});

describe('what pages show', () => {
  it('counts while renewed, once each across views, and is forgotten once its view stops renewing or clears it', async () => {
    const db = freshDb();
    await markShown(
      db,
      'popup',
      [
        { type: 'list', list: 'links' },
        { type: 'link', key: 'k' },
      ],
      T,
    );
    await markShown(db, 'tab-1', [{ type: 'list', list: 'links' }], T + 10_000);
    expect(await shownTargets(db, T + 20_000)).toEqual([
      { type: 'list', list: 'links' },
      { type: 'link', key: 'k' },
    ]);
    expect(await shownTargets(db, T + SHOWN_LEASE_MS + 1)).toEqual([{ type: 'list', list: 'links' }]);
    await clearShown(db, 'tab-1');
    expect(await shownTargets(db, T + SHOWN_LEASE_MS + 1)).toEqual([]);
  });

  it('a link’s statistics are refreshed and stamped; one the service no longer has leaves the mirror', async () => {
    const db = freshDb();
    await db.links.bulkAdd([linkRow('k1', 1), linkRow('k2', 2)]);
    const service = fakeService(({ path }) =>
      path === '/api/url/1'
        ? {
            body: {
              error: 0,
              id: 1,
              details: {
                id: 1,
                shorturl: 'https://s.test/a',
                longurl: 'https://example.com/',
                location: {},
                device: {},
              },
              data: stats,
            },
          }
        : { status: 404, body: { error: 1, message: 'Link not found.' } },
    );
    await refreshTarget(db, apiFor(service), { type: 'link', key: 'k1' }, () => T + 5);
    expect(await refreshedAt(db, { type: 'link', key: 'k1' })).toBe(T + 5);
    expect((await db.links.get('k1'))?.clicks).toBe(7);
    await expect(refreshTarget(db, apiFor(service), { type: 'link', key: 'k2' }, () => T)).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect(await db.links.get('k2')).toBeUndefined();
  });

  it('a channel’s items are read in full, what left it goes, and the channel is stamped', async () => {
    const db = freshDb();
    const item = (id: number) => ({ type: 'bio', id, title: `Bio ${id}`, preview: '', link: '', date: '2026-11-22' });
    const lists = { channels: [channelRecord(4)], 'items:4': [item(1), item(2)] };
    const service = pagedService(lists);
    await db.channels.add({
      key: 'c4',
      id: 4,
      sync: 'synced',
      pulledAt: T,
      name: 'News',
      description: '',
      color: null,
      starred: false,
    });
    await refreshTarget(db, apiFor(service), { type: 'channel', key: 'c4' }, () => T);
    expect(await db.channelItems.count()).toBe(2);
    lists['items:4'] = [item(2)];
    await refreshTarget(db, apiFor(service), { type: 'channel', key: 'c4' }, () => T + 60_000);
    expect((await db.channelItems.toArray()).map((i) => i.itemId)).toEqual([2]);
    expect(await refreshedAt(db, { type: 'channel', key: 'c4' })).toBe(T + 60_000);
  });

  it('what is not on the service yet has nothing to refresh', async () => {
    const db = freshDb();
    await db.links.add({ ...linkRow('l1', 0), id: null, sync: 'pending' });
    expect(await refreshedAt(db, { type: 'link', key: 'l1' })).toBeNull();
  });
});
