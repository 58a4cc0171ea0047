import { describe, expect, it } from 'vitest';
import { readMeta, writeMeta } from '@/lib/db/meta';
import { type Budget, initialBudget, spend } from '@/lib/engine/budget';
import { headIntervals, planRefresh, RECONCILE_CYCLE_MS, shareAllowance, walkRate } from '@/lib/engine/plan';
import { HOUR_MS } from '@/lib/engine/usage';
import { HEAD_COLLECTIONS, headEveryMs } from '@/lib/kinds/collections';
import { COLLECTIONS, pullStatusKeys, reconcileCursorKey } from '@/lib/refresh/pull';
import { markShown } from '@/lib/refresh/shown';
import { freshDb } from '../sync/db';

const T = Date.UTC(2026, 10, 22, 12);

/** A mirror copied once, each list last checked at `checkedAt`, the links `linkPages` pages long. */
async function mirroredDb(checkedAt: number, linkPages = 1) {
  const db = freshDb();
  for (const c of COLLECTIONS)
    await writeMeta(db, pullStatusKeys.of(c), {
      lastPull: T - HOUR_MS,
      page: 1,
      maxpage: c === 'links' ? linkPages : 1,
      checkedAt,
    });
  return db;
}

const withSends = (count: number, use: 'refresh' | 'user', at: number, b: Budget = initialBudget()) => {
  let budget = b;
  for (let i = 0; i < count; i++) budget = spend(budget, at, use);
  return budget;
};

describe('the share of the allowance', () => {
  it('10 % of 30 a minute is 180 an hour, kept under by 5 %', () => {
    expect(shareAllowance(initialBudget(), 10)).toBeCloseTo(171);
    expect(shareAllowance({ ...initialBudget(), limit: 60 }, 10)).toBeCloseTo(342);
  });

  it('head checks keep their pace within half the share, and stretch when the share is too small for it', () => {
    expect(headIntervals(shareAllowance(initialBudget(), 10))).toEqual(
      Object.fromEntries(HEAD_COLLECTIONS.map((c) => [c, headEveryMs(c)])),
    );
    const tiny = headIntervals(shareAllowance(initialBudget(), 1));
    const perHour = HEAD_COLLECTIONS.reduce((sum, c) => sum + HOUR_MS / tiny[c], 0);
    expect(perHour).toBeCloseTo(shareAllowance(initialBudget(), 1) / 2);
  });

  it('the walk takes one cycle when the share allows it, longer when it does not', () => {
    const allowance = shareAllowance(initialBudget(), 10);
    const intervals = headIntervals(allowance);
    // 100,000 links: about 1,010 pages in 8 hours.
    expect(walkRate(1010, allowance, intervals)).toBeCloseTo((1010 * HOUR_MS) / RECONCILE_CYCLE_MS);
    // 1,000,000 links: what the head checks leave of the share.
    expect(walkRate(10_010, allowance, intervals)).toBeCloseTo(allowance - 28);
  });
});

describe('what background refresh does next', () => {
  it('nothing before the mirror was copied once', async () => {
    const db = freshDb();
    expect(await planRefresh(db, T, { budget: initialBudget(), sharePercent: 10 })).toEqual({
      task: null,
      wakeAt: null,
    });
  });

  it('the most overdue head check, then nothing until the next one or the walk’s next page is due', async () => {
    const db = await mirroredDb(T);
    await writeMeta(db, pullStatusKeys.of('links'), { lastPull: T, page: 1, maxpage: 1, checkedAt: T - HOUR_MS });
    expect((await planRefresh(db, T, { budget: initialBudget(), sharePercent: 10 })).task).toEqual({
      type: 'head',
      list: 'links',
    });
    await writeMeta(db, pullStatusKeys.of('links'), { lastPull: T, page: 1, maxpage: 1, checkedAt: T });
    const plan = await planRefresh(db, T, { budget: initialBudget(), sharePercent: 10 });
    expect(plan.task).toBeNull();
    expect(plan.wakeAt).toBe(T + headEveryMs('links'));
  });

  it('the walk, one page every so often: a 100,000-link account spaces its pages about 28 s apart', async () => {
    const db = await mirroredDb(T, 1000);
    await writeMeta(db, reconcileCursorKey, { collection: 'links', page: 7, startedAt: T, steppedAt: T });
    const early = await planRefresh(db, T + 20_000, { budget: initialBudget(), sharePercent: 10 });
    expect(early.task).toBeNull();
    const spacing = early.wakeAt! - T;
    expect(spacing).toBeGreaterThan(27_000);
    expect(spacing).toBeLessThan(30_000);
    expect((await planRefresh(db, T + spacing, { budget: initialBudget(), sharePercent: 10 })).task).toEqual({
      type: 'walk',
    });
  });

  it('a new walk begins when none is under way, a step from now', async () => {
    const db = await mirroredDb(T);
    await planRefresh(db, T, { budget: initialBudget(), sharePercent: 10 });
    expect(await readMeta(db, reconcileCursorKey)).toMatchObject({
      collection: 'account',
      page: 1,
      steppedAt: T,
    });
  });

  it('nothing once the hour’s share is spent, until the oldest request of it has left the hour', async () => {
    const db = await mirroredDb(0);
    const budget = withSends(171, 'refresh', T - 30 * 60_000);
    const plan = await planRefresh(db, T, { budget, sharePercent: 10 });
    expect(plan.task).toBeNull();
    expect(plan.wakeAt).toBeGreaterThan(T + 30 * 60_000 - 60_000);
    // Requests of the person's own do not count against it.
    const theirs = withSends(171, 'user', T - 30 * 60_000);
    expect((await planRefresh(db, T, { budget: theirs, sharePercent: 10 })).task).not.toBeNull();
  });

  it('only from what is left over in the current minute: with other tools using most of it, it waits for the reset', async () => {
    const db = await mirroredDb(0);
    const budget: Budget = { ...initialBudget(), remaining: 8, resetAt: T + 20_000, observedAt: T };
    expect(await planRefresh(db, T, { budget, sharePercent: 10 })).toEqual({ task: null, wakeAt: T + 20_000 });
  });

  it('what is on screen comes first, whatever the share, when it is older than 40 s', async () => {
    const db = await mirroredDb(T);
    const budget = withSends(171, 'refresh', T - 60_000);
    await markShown(db, 'popup', [{ type: 'list', list: 'links' }], T);
    expect((await planRefresh(db, T + 30_000, { budget, sharePercent: 10 })).task).toBeNull();
    expect((await planRefresh(db, T + 40_000, { budget, sharePercent: 10 })).task).toEqual({
      type: 'shown',
      target: { type: 'list', list: 'links' },
    });
    // Being refreshed already: not asked for twice.
    const busy = new Set(['list:links']);
    expect((await planRefresh(db, T + 40_000, { budget, sharePercent: 10, busy })).task).toBeNull();
  });

  it('a shorter freshness window (what the end-to-end tests set) refreshes what is on screen sooner', async () => {
    const db = await mirroredDb(T);
    const budget = initialBudget();
    await markShown(db, 'popup', [{ type: 'list', list: 'links' }], T);
    const shown = { type: 'shown', target: { type: 'list', list: 'links' } };
    expect((await planRefresh(db, T + 1_000, { budget, sharePercent: 10, freshForMs: 2_000 })).task).not.toEqual(shown);
    expect((await planRefresh(db, T + 2_000, { budget, sharePercent: 10, freshForMs: 2_000 })).task).toEqual(shown);
  });
});
