import { describe, expect, it } from 'vitest';
import { serverKey } from '@/lib/db/keys';
import { readMeta } from '@/lib/db/meta';
import type { LinkpilotDb, Observation } from '@/lib/db/schema';
import { gainsByRecord, gainsSince, recordTimeline } from '@/lib/history/read';
import { DAY, dayOf, historySinceKey, type Reading } from '@/lib/history/record';
import { recordTotals } from '@/lib/refresh/apply';
import { listSource, readPage } from '@/lib/refresh/lists';
import { refreshTarget } from '@/lib/refresh/shown-refresh';
import { freshDb } from '../sync/db';
import { apiFor, fakeService } from '../sync/fake-service';
import { linkRecord, minute, pagedService, type Records } from '../sync/paged-service';

const T = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;

/** One head check's first page of links at `at`. */
async function readLinks(db: LinkpilotDb, lists: Record<string, Records>, at: number) {
  await readPage(db, apiFor(pagedService(lists)), listSource('links'), {
    page: 1,
    at,
    previous: null,
    forward: true,
    startedAt: at,
    state: {},
  });
}

/** Every observation of links, thinned days and last days alike, by link and time, without the recent rows' key. */
async function history(db: LinkpilotDb): Promise<Observation[]> {
  const recent = (await db.linkRecent.toArray()).map(({ key: _, ...o }) => o);
  return [...(await db.linkHistory.toArray()), ...recent].sort((a, b) => a.id - b.id || a.at - b.at);
}

/** What each link gained on each UTC day: the sum of that day's gains. */
function dayGains(observations: readonly Observation[]): Map<string, number> {
  const gains = new Map<string, number>();
  for (const o of observations) {
    const day = `${o.id}|${dayOf(o.at)}`;
    gains.set(day, (gains.get(day) ?? 0) + (o.gain ?? 0));
  }
  return gains;
}

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
      // Each gain came after the reading before, which found the old total.
      { id: 1, at: T + 120_000, clicks: 1, gain: 1, from: T + 60_000 },
      { id: 2, at: T, clicks: 5 },
      { id: 2, at: T + 120_000, clicks: 7, gain: 2, from: T + 60_000 },
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
    expect((await history(db)).at(-1)).toEqual({
      id: 2,
      at: T + 300_000,
      clicks: 9,
      gain: 2,
      unique: 3,
      from: T + 240_000,
    });
    // …and the next list page, which says 9 as well, adds nothing.
    lists.urls![1]!.clicks = 9;
    await readLinks(db, lists, T + 360_000);
    expect(await history(db)).toHaveLength(4);
  });

  it('keeps the last week as read, and older days thinned to their last total', async () => {
    const db = freshDb();
    const day0 = Date.UTC(2026, 10, 1);
    const read = (clicks: number, before: number | null, at: number) =>
      recordTotals(db, 'link', [{ id: 1, key: serverKey(1), clicks, before }], at);
    // Day 0: three readings of link 1, each a new total, the first its first sight; day 1: two.
    await read(3, null, day0 + HOUR);
    await read(4, 3, day0 + 2 * HOUR);
    await read(6, 4, day0 + 3 * HOUR);
    await read(8, 6, day0 + DAY + HOUR);
    await read(9, 8, day0 + DAY + 2 * HOUR);
    expect(await history(db)).toHaveLength(5);
    // The last days are keyed by time and name the link's key.
    expect(await db.linkRecent.get([day0 + 2 * HOUR, 1])).toEqual({
      at: day0 + 2 * HOUR,
      id: 1,
      key: serverKey(1),
      clicks: 4,
      gain: 1,
      from: day0 + HOUR,
    });

    // Seven days later nothing is thinned yet; eight days later day 0 is: its last total, with the
    // day's gain, and the total it was first seen with (what it gained after is known, not before).
    await recordTotals(db, 'link', [{ id: 2, key: serverKey(2), clicks: 1, before: 0 }], day0 + 7 * DAY + HOUR);
    expect(await db.linkRecent.where('id').equals(1).count()).toBe(5);
    await recordTotals(db, 'link', [{ id: 2, key: serverKey(2), clicks: 2, before: 1 }], day0 + 8 * DAY + HOUR);
    expect((await history(db)).filter((o) => o.id === 1)).toEqual([
      { id: 1, at: day0 + HOUR, clicks: 3 },
      // Thinned: the day's gain came after the reading before its first gain.
      { id: 1, at: day0 + 3 * HOUR, clicks: 6, gain: 3, from: day0 + HOUR },
      { id: 1, at: day0 + DAY + HOUR, clicks: 8, gain: 2, from: day0 + 3 * HOUR },
      { id: 1, at: day0 + DAY + 2 * HOUR, clicks: 9, gain: 1, from: day0 + DAY + HOUR },
    ]);
    expect(await db.linkHistory.count()).toBe(2);
    await recordTotals(db, 'link', [], day0 + 9 * DAY + HOUR);
    expect(await db.linkHistory.toArray()).toEqual([
      { id: 1, at: day0 + HOUR, clicks: 3 },
      { id: 1, at: day0 + 3 * HOUR, clicks: 6, gain: 3, from: day0 + HOUR },
      { id: 1, at: day0 + DAY + 2 * HOUR, clicks: 9, gain: 3, from: day0 + 3 * HOUR },
    ]);
    expect(await db.linkRecent.where('id').equals(1).count()).toBe(0);
    // What the thinned history says of a day's gain is unchanged: 3 clicks on day 1.
    const timeline = await recordTimeline(db, 'link', { id: 1, date: '2026-10-01 00:00:00', total: 9 });
    expect(timeline).toMatchObject({ since: day0 + HOUR, before: 3, total: 9 });
    expect(timeline?.gains.map((g) => [g.at, g.clicks])).toEqual([
      [day0 + 3 * HOUR, 3],
      [day0 + DAY + 2 * HOUR, 3],
    ]);
  });

  it('thins without changing what any day gained, or any record’s total gain', async () => {
    const db = freshDb();
    const day0 = Date.UTC(2026, 10, 1);
    // A deterministic sequence: 12 links over 20 days, read at random hours, some first seen late.
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const totals = new Map<number, number>();
    // What each link gained each day while every day was kept as read, to compare with after thinning.
    let asRead = new Map<string, number>();
    for (let day = 0; day < 20; day++) {
      for (const hour of [1, 5, 9, 13, 17, 21]) {
        const readings: Reading[] = [];
        for (let id = 1; id <= 12; id++) {
          if (random() < 0.5 || (id > 8 && day < 3)) continue;
          const before = totals.get(id) ?? null;
          const clicks = (before ?? Math.floor(random() * 10)) + Math.floor(random() * 4);
          totals.set(id, clicks);
          readings.push({ id, key: serverKey(id), clicks, before });
        }
        await recordTotals(db, 'link', readings, day0 + day * DAY + hour * HOUR);
      }
      if (day === 7) asRead = dayGains(await history(db));
    }
    const after = dayGains(await history(db));
    // Days 0 to 11 are thinned by now (day 19 keeps 7 days as read): none of them changed.
    expect(
      await db.linkRecent
        .where('[at+id]')
        .below([day0 + 12 * DAY])
        .count(),
    ).toBe(0);
    expect(await db.linkHistory.count()).toBeGreaterThan(0);
    expect(asRead.size).toBeGreaterThan(40);
    for (const [day, gain] of asRead) expect(after.get(day), day).toBe(gain);
    // Each record's gains add up to its last total less the total before its first observation.
    for (const [id, total] of totals) {
      const own = (await history(db)).filter((o) => o.id === id);
      const base = own[0]!.clicks - (own[0]!.gain ?? 0);
      expect(own.reduce((sum, o) => sum + (o.gain ?? 0), 0)).toBe(total - base);
    }
  });

  it('counts a gain at the reading that found it, across a time Linkpilot was not reading', async () => {
    const db = freshDb();
    const read = (clicks: number, before: number, at: number) =>
      recordTotals(db, 'link', [{ id: 1, key: serverKey(1), clicks, before }], at);
    await read(12, 10, T);
    // The browser closed for three days; the next reading finds 8 more clicks.
    await read(20, 12, T + 3 * DAY);
    const now = T + 3 * DAY + HOUR;
    expect((await gainsByRecord(db, 'link', now, 7)).get(1)).toBe(10);
    expect((await gainsByRecord(db, 'link', now, 2)).get(1)).toBe(8);
    expect(await gainsSince(db, 'link', T + 3 * DAY)).toEqual(new Map());
    // Ten more days without reading: the week's gain is nothing, and thinning keeps the sums.
    await read(21, 20, T + 13 * DAY);
    expect((await gainsByRecord(db, 'link', T + 13 * DAY + HOUR, 7)).get(1)).toBe(1);
    expect((await history(db)).map((o) => o.gain)).toEqual([2, 8, 1]);
    expect(await db.linkHistory.count()).toBe(2);
  });

  it("reads the gains of the records asked for only, as the whole span's gains have them", async () => {
    const db = freshDb();
    const totals = [0, 0, 0, 0, 0];
    // Link `id` gains `id` clicks at each reading, but link 3 none at the last.
    const reading = async (at: number, last = false) => {
      const read = [1, 2, 3, 4].map((id) => {
        const before = totals[id]!;
        totals[id] = before + (last && id === 3 ? 0 : id);
        return { id, key: serverKey(id), clicks: totals[id]!, before };
      });
      await recordTotals(db, 'link', read, at);
    };
    await reading(T - 9 * DAY);
    await reading(T);
    await reading(T + DAY, true);
    const now = T + DAY + HOUR;
    const all = await gainsByRecord(db, 'link', now, 7);
    const some = await gainsByRecord(db, 'link', now, 7, [2, 3, 9]);
    expect([...some.keys()].sort()).toEqual([2, 3]);
    for (const [id, gain] of some) expect(gain).toBe(all.get(id));
    // The last day alone: link 3 gained nothing then, so it is left out.
    expect(await gainsByRecord(db, 'link', now, 1, [2, 3])).toEqual(new Map([[2, 2]]));
    expect(await gainsByRecord(db, 'link', now, 7, [])).toEqual(new Map());
  });

  it('goes with a link deleted elsewhere, its thinned days and its last days', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = {
      urls: [linkRecord(1, minute(0), { clicks: 2 }), linkRecord(2, minute(1), { clicks: 5 })],
    };
    // Link 2 was read ten days ago too: that day is thinned by the next reading.
    await recordTotals(db, 'link', [{ id: 2, key: serverKey(2), clicks: 3, before: null }], T - 10 * DAY);
    await readLinks(db, lists, T);
    lists.urls![1]!.clicks = 6;
    await readLinks(db, lists, T + 60_000);
    expect(await db.linkHistory.where('[id+at]').between([2, 0], [2, Infinity]).count()).toBe(1);
    expect(await db.linkRecent.where('id').equals(2).count()).toBe(2);
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
    expect(await history(b)).toHaveLength(1);
    expect((await gainsByRecord(a, 'link', T + 3)).get(1)).toBe(2);
    expect((await gainsByRecord(b, 'link', T + 3)).get(1)).toBeUndefined();
  });

  it('places each gain after the reading before it, also one that found no change', async () => {
    const db = freshDb();
    const read = (clicks: number, before: number | null, at: number) =>
      recordTotals(db, 'link', [{ id: 1, key: serverKey(1), clicks, before }], at);
    await read(4, null, T);
    await read(4, 4, T + 5 * 60_000);
    await read(4, 4, T + 10 * 60_000);
    await read(7, 4, T + 15 * 60_000);
    // A night without readings: the next gain spans it.
    await read(9, 7, T + 12 * HOUR);
    const observed = await db.linkRecent.where('id').equals(1).sortBy('at');
    expect(observed.map((o) => [o.from, o.at, o.gain])).toEqual([
      [undefined, T, undefined],
      [T + 10 * 60_000, T + 15 * 60_000, 3],
      [T + 15 * 60_000, T + 12 * HOUR, 2],
    ]);
    expect(await db.linkReads.get(1)).toEqual({ id: 1, at: T + 12 * HOUR });
    expect(await readMeta(db, historySinceKey)).toBe(T);
  });

  it("takes the row's last pull as the reading before, when no reading of the record was kept", async () => {
    const db = freshDb();
    await recordTotals(db, 'link', [{ id: 1, key: serverKey(1), clicks: 6, before: 4, readBefore: T - HOUR }], T);
    expect((await db.linkRecent.where('id').equals(1).first())?.from).toBe(T - HOUR);
  });
});
