import { describe, expect, it } from 'vitest';
import type { LinkpilotDb } from '@/lib/db/schema';
import { gainsByRecord, recordSeries } from '@/lib/history/read';
import { DAY, recordTotals, WATCHED_KEY } from '@/lib/history/record';
import { readPage, SOURCES } from '@/lib/refresh/lists';
import { refreshTarget } from '@/lib/refresh/shown-refresh';
import { freshDb } from '../sync/db';
import { apiFor, fakeService } from '../sync/fake-service';
import { linkRecord, minute, pagedService, type Records } from '../sync/paged-service';

const T = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

/** One head check's first page of links at `at`. */
async function readLinks(db: LinkpilotDb, lists: Record<string, Records>, at: number) {
  await readPage(db, apiFor(pagedService(lists)), SOURCES.links, {
    page: 1,
    at,
    previous: null,
    forward: true,
    startedAt: at,
    state: {},
  });
}

const history = (db: LinkpilotDb) => db.linkHistory.orderBy('[id+at]').toArray();

describe('the history of totals', () => {
  it('keeps an observation only when a total changed, whichever reading learnt it', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = {
      urls: [linkRecord(1, minute(0)), linkRecord(2, minute(1), { clicks: 5 })],
    };
    await readLinks(db, lists, T);
    // A new link with no clicks needs none (it had none since it was made); one with clicks is first seen.
    expect(await history(db)).toEqual([{ id: 2, at: T, clicks: 5 }]);

    await readLinks(db, lists, T + 60_000);
    expect(await history(db)).toHaveLength(1);

    lists.urls![1]!.clicks = 7;
    lists.urls![0]!.clicks = 1;
    await readLinks(db, lists, T + 120_000);
    await readLinks(db, lists, T + 180_000);
    expect(await history(db)).toEqual([
      { id: 1, at: T + 120_000, clicks: 1, prev: 0 },
      { id: 2, at: T, clicks: 5 },
      { id: 2, at: T + 120_000, clicks: 7, prev: 5 },
    ]);

    // A detail read of the same total is no news; of a newer one, one observation with its unique clicks.
    const detail = (clicks: number) =>
      fakeService(() => ({
        body: {
          error: 0,
          details: { id: 2, shorturl: 'https://s.test/a2', longurl: 'https://example.com/2', location: {}, device: {} },
          data: { clicks, uniqueClicks: 3 },
        },
      }));
    const key = (await db.links.where('id').equals(2).first())!.key;
    await refreshTarget(db, apiFor(detail(7)), { type: 'link', key }, () => T + 240_000);
    expect(await history(db)).toHaveLength(3);
    await refreshTarget(db, apiFor(detail(9)), { type: 'link', key }, () => T + 300_000);
    expect((await history(db)).at(-1)).toEqual({ id: 2, at: T + 300_000, clicks: 9, prev: 7, unique: 3 });
    // …and the next list page, which says 9 as well, adds nothing.
    lists.urls![1]!.clicks = 9;
    await readLinks(db, lists, T + 360_000);
    expect(await history(db)).toHaveLength(4);
  });

  it('keeps the last week as read, and older days thinned to their last total', async () => {
    const db = freshDb();
    const day0 = Date.UTC(2026, 10, 1);
    // Day 0: four readings of link 1, each a new total; day 1: one.
    await recordTotals(db, 'link', [{ id: 1, clicks: 3, before: null }], day0 + HOUR);
    await recordTotals(db, 'link', [{ id: 1, clicks: 4, before: 3 }], day0 + 2 * HOUR);
    await recordTotals(db, 'link', [{ id: 1, clicks: 6, before: 4 }], day0 + 3 * HOUR);
    await recordTotals(db, 'link', [{ id: 1, clicks: 8, before: 6 }], day0 + DAY + HOUR);
    await recordTotals(db, 'link', [{ id: 1, clicks: 9, before: 8 }], day0 + DAY + 2 * HOUR);
    expect(await history(db)).toHaveLength(5);

    // Seven days later nothing is thinned yet; eight days later day 0 is.
    await recordTotals(db, 'link', [{ id: 2, clicks: 1, before: 0 }], day0 + 7 * DAY + HOUR);
    expect(await db.linkHistory.where('id').equals(1).count()).toBe(5);
    await recordTotals(db, 'link', [{ id: 2, clicks: 2, before: 1 }], day0 + 8 * DAY + HOUR);
    expect((await history(db)).filter((o) => o.id === 1)).toEqual([
      { id: 1, at: day0 + 3 * HOUR, clicks: 6 },
      { id: 1, at: day0 + DAY + HOUR, clicks: 8, prev: 6 },
      { id: 1, at: day0 + DAY + 2 * HOUR, clicks: 9, prev: 8 },
    ]);
    await recordTotals(db, 'link', [], day0 + 9 * DAY + HOUR);
    expect((await history(db)).filter((o) => o.id === 1)).toEqual([
      { id: 1, at: day0 + 3 * HOUR, clicks: 6 },
      { id: 1, at: day0 + DAY + 2 * HOUR, clicks: 9, prev: 6 },
    ]);
    // What the thinned history says of a day's gain is unchanged: 3 clicks on day 1.
    const series = await recordSeries(db, 'link', { id: 1, date: '2026-10-01 00:00:00', total: 9 });
    expect(series?.points).toEqual([
      [day0 + 3 * HOUR, 6],
      [day0 + DAY + 2 * HOUR, 9],
    ]);
  });

  it('goes with a link deleted elsewhere', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = {
      urls: [linkRecord(1, minute(0), { clicks: 2 }), linkRecord(2, minute(1), { clicks: 5 })],
    };
    await readLinks(db, lists, T);
    lists.urls![1]!.clicks = 6;
    await readLinks(db, lists, T + 60_000);
    expect(await db.linkHistory.where('id').equals(2).count()).toBe(2);
    lists.urls = lists.urls!.filter((l) => l.id !== 2);
    await readLinks(db, lists, T + 120_000);
    expect(await db.links.where('id').equals(2).count()).toBe(0);
    expect(await history(db)).toEqual([{ id: 1, at: T, clicks: 2 }]);
  });

  it('is kept per connection: each has its own database', async () => {
    const a = freshDb();
    const b = freshDb();
    await readLinks(a, { urls: [linkRecord(1, minute(0), { clicks: 4 })] }, T);
    await readLinks(b, { urls: [linkRecord(1, minute(0), { clicks: 40 })] }, T + 1);
    expect(await history(a)).toEqual([{ id: 1, at: T, clicks: 4 }]);
    expect(await history(b)).toEqual([{ id: 1, at: T + 1, clicks: 40 }]);
    await readLinks(a, { urls: [linkRecord(1, minute(0), { clicks: 6 })] }, T + 2);
    expect(await b.linkHistory.count()).toBe(1);
    expect((await gainsByRecord(a, 'link', T + 3)).get(1)).toBe(2);
    expect((await gainsByRecord(b, 'link', T + 3)).get(1)).toBeUndefined();
  });

  it('notes when Linkpilot was reading, so a time it was not is a gap', async () => {
    const db = freshDb();
    await recordTotals(db, 'link', [], T);
    await recordTotals(db, 'link', [], T + 5 * 60_000);
    await recordTotals(db, 'link', [], T + 3 * HOUR);
    expect((await db.meta.get(WATCHED_KEY))?.value).toEqual([
      [T, T + 5 * 60_000],
      [T + 3 * HOUR, T + 3 * HOUR],
    ]);
  });
});
