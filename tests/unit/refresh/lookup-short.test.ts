import { describe, expect, it } from 'vitest';
import { lookupShortUrl } from '@/lib/refresh/lookup-short';
import * as actions from '@/lib/sync/actions';
import { freshDb } from '../sync/db';
import { apiFor, fakeService, listedLink, NO_STATS } from '../sync/fake-service';

const T = Date.UTC(2026, 10, 25, 12);
const found = (id: number, longurl: string, alias: string) => ({
  body: {
    error: 0,
    details: { ...listedLink(id, longurl, alias), location: 0, device: 0, expiry: null },
    data: { ...NO_STATS, clicks: 4, uniqueClicks: 3 },
  },
});

describe('a look-up by short URL goes through the merge', () => {
  it('mirrors the link found, with its statistics, and finds it locally the next time', async () => {
    const db = freshDb();
    const service = fakeService(() => found(40, 'https://example.com/found', 'found'));
    const key = await lookupShortUrl(db, apiFor(service), 'https://s.test/found', () => T);
    expect(await db.links.get(key!)).toMatchObject({ id: 40, clicks: 4, shorturl: 'https://s.test/found' });
    expect((await db.linkStats.get(key!))?.fetchedAt).toBe(T);
    expect(await lookupShortUrl(db, apiFor(service), 'https://s.test/found', () => T)).toBe(key);
    expect(service.sent()).toEqual(['GET /api/urls']);
  });

  it('never writes a look-alike of a create whose outcome is unknown beside it', async () => {
    const db = freshDb();
    // Our create of this page went out and its answer was lost: the service may have made it.
    const mine = await actions.create({ db }, 'link', { input: { url: 'https://example.com/page' } });
    await db.outbox.toCollection().modify({ ambiguous: true, state: 'pending' });
    const service = fakeService(() => found(41, 'https://example.com/page', 'x7'));
    expect(await lookupShortUrl(db, apiFor(service), 'https://s.test/x7', () => T)).toBeNull();
    // One row: ours. The create's own look-up adopts the service's record.
    expect((await db.links.toArray()).map((r) => r.key)).toEqual([mine]);
  });
});
