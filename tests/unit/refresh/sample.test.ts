import { describe, expect, it } from 'vitest';
import { serverKey } from '@/lib/db/keys';
import { writeMeta } from '@/lib/db/meta';
import { initialBudget } from '@/lib/engine/budget';
import { planRefresh } from '@/lib/engine/plan';
import { HOUR_MS } from '@/lib/engine/usage';
import { linkRow } from '@/lib/kinds/link-row';
import { recordTotals } from '@/lib/refresh/apply';
import { MAX_LOOKED, noteLooked } from '@/lib/refresh/looked';
import { COLLECTIONS, pullStatusKeys } from '@/lib/refresh/pull';
import { LATER_EVERY, YOUNG_EVERY } from '@/lib/refresh/sample';
import { clearShown, markShown } from '@/lib/refresh/shown';
import { freshDb } from '../sync/db';

const T = Date.UTC(2026, 10, 28, 12);
const date = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');

/** A mirror copied once, every list just checked, with links made at the given times. */
async function mirror(made: number[]) {
  const db = freshDb();
  for (const c of COLLECTIONS)
    await writeMeta(db, pullStatusKeys.of(c), { lastPull: T, page: 1, maxpage: 1, checkedAt: T });
  await db.links.bulkPut(
    made.map((at, i) =>
      linkRow(
        {
          id: i + 1,
          alias: `a${i + 1}`,
          shorturl: `https://s.test/a${i + 1}`,
          longurl: `https://example.com/${i + 1}`,
          clicks: 0,
          title: '',
          description: '',
          date: date(at),
        },
        undefined,
        T,
      ),
    ),
  );
  return db;
}

/** The plan at `at`, with every head check just done (they come first; sampling is what is asked here). */
async function plan(db: Awaited<ReturnType<typeof mirror>>, at: number) {
  for (const c of COLLECTIONS)
    await writeMeta(db, pullStatusKeys.of(c), { lastPull: T, page: 1, maxpage: 1, checkedAt: at });
  return planRefresh(db, at, { budget: initialBudget(), sharePercent: 10 });
}

describe('records people look at are read often enough for their charts', () => {
  it('a link whose details were open is read every half hour on its first two days, every 4 hours after', async () => {
    const db = await mirror([T - HOUR_MS, T - 5 * 24 * HOUR_MS]);
    await markShown(
      db,
      'view',
      [
        { type: 'link', key: serverKey(1) },
        { type: 'link', key: serverKey(2) },
      ],
      T,
    );
    await clearShown(db, 'view');
    // Both read now (any reading counts: a list page, a head check, a detail read).
    const read = (at: number, ids: number[]) =>
      recordTotals(
        db,
        'link',
        ids.map((id) => ({ id, key: serverKey(id), clicks: 0, before: 0 })),
        at,
      );
    await read(T, [1, 2]);
    const soon = await plan(db, T + 60_000);
    expect(soon.task).toBeNull();
    expect(soon.wakeAt).toBeLessThanOrEqual(T + YOUNG_EVERY);
    expect((await plan(db, T + YOUNG_EVERY)).task).toEqual({
      type: 'sample',
      target: { type: 'link', key: serverKey(1) },
    });
    await read(T + YOUNG_EVERY, [1]);
    expect((await plan(db, T + YOUNG_EVERY + 60_000)).task).toBeNull();
    // Link 1 keeps its half hour; four hours after its last reading, the older link is due too.
    await read(T + LATER_EVERY - 60_000, [1]);
    expect((await plan(db, T + LATER_EVERY)).task).toEqual({
      type: 'sample',
      target: { type: 'link', key: serverKey(2) },
    });
  });

  it('a link nobody looked at is left to the head checks and the walk', async () => {
    const db = await mirror([T - HOUR_MS]);
    await recordTotals(db, 'link', [{ id: 1, key: serverKey(1), clicks: 0, before: null }], T);
    expect((await plan(db, T + 2 * YOUNG_EVERY)).task).not.toMatchObject({ type: 'sample' });
  });

  it('follows at most MAX_LOOKED records, the latest looked at', async () => {
    const db = await mirror([]);
    for (let i = 0; i < MAX_LOOKED + 5; i++) await noteLooked(db, [{ type: 'link', key: `k${i}` }], T + i);
    const kept = (await db.meta.get('sample:looked'))?.value as { target: { key: string } }[];
    expect(kept).toHaveLength(MAX_LOOKED);
    expect(kept[0]?.target.key).toBe(`k${MAX_LOOKED + 4}`);
  });
});
