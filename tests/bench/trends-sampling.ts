/**
 * What following the links people look at costs (lib/refresh/sample.ts), at 10,000 links: a simulated
 * half day through the real sampler (dueSample, as the refresh plan asks it) and the real recorder, beside
 * the head checks that read the newest page every 5 minutes. Every sample the sampler asks for is one
 * request; the figure is the requests an hour it adds, the busiest hour and the mean, against what the
 * background share leaves once the walk and the head checks have theirs (lib/engine/plan.ts).
 *
 * The followed links, the most there can be: MAX_LOOKED looked at (the popup's page link, details
 * opened, the table's first rows: the 10 newest, young, which the head checks read anyway; 29 older
 * ones) and TRENDING_TOP trending links.
 */
import { serverKey } from '../../lib/db/keys';
import { LinkpilotDb } from '../../lib/db/schema';
import { initialBudget } from '../../lib/engine/budget';
import { headIntervals, shareAllowance, walkRate } from '../../lib/engine/plan';
import { DAY, type Reading } from '../../lib/history/record';
import { linkRow } from '../../lib/kinds/link-row';
import { recordTotals } from '../../lib/refresh/apply';
import { MAX_LOOKED, noteLooked } from '../../lib/refresh/looked';
import { dueSample, TRENDING_TOP } from '../../lib/refresh/sample';
import { report } from './report';

const LINKS = 10_000;
const PAGE = 100;
const HOUR = 3_600_000;
const MINUTE = 60_000;
const HEAD_EVERY = 5 * MINUTE;
/** Three rounds of the 4-hour pace: long enough for the mean, short enough over fake-indexeddb. */
const HOURS = 12;

export async function samplingFigure(): Promise<void> {
  const db = new LinkpilotDb('bench-trends-sampling');
  await db.open();
  const start = Date.UTC(2026, 10, 1);
  const date = (at: number) => new Date(at).toISOString().slice(0, 19).replace('T', ' ');
  // Links made over a year, the newest last; the newest page made in the last two days.
  const madeAt = (id: number) =>
    id > LINKS - PAGE ? start - ((LINKS - id) / PAGE) * 2 * DAY : start - 2 * DAY - ((LINKS - id) / LINKS) * 365 * DAY;
  const rows = [];
  for (let id = 1; id <= LINKS; id++)
    rows.push(
      linkRow(
        {
          id,
          alias: `s${id}`,
          shorturl: `https://s.test/s${id}`,
          longurl: `https://example.com/s/${id}`,
          clicks: 10,
          title: '',
          description: '',
          date: date(madeAt(id)),
        },
        undefined,
        start,
      ),
    );
  await db.links.bulkPut(rows);
  const totals = new Int32Array(LINKS + 1).fill(10);
  const read = (ids: number[], at: number, gaining: ReadonlySet<number> = new Set()) => {
    const readings: Reading[] = ids.map((id) => {
      const before = totals[id]!;
      if (gaining.has(id)) totals[id] = before + 1;
      return { id, key: serverKey(id), clicks: totals[id]!, before };
    });
    return recordTotals(db, 'link', readings, at);
  };
  // The first copy read every link.
  for (let first = 1; first <= LINKS; first += 1000)
    await read(
      Array.from({ length: 1000 }, (_, i) => first + i),
      start - HOUR,
    );
  // Trending: links that gained this week (old ones, which nothing else reads often).
  const trending = Array.from({ length: TRENDING_TOP }, (_, i) => 1000 + i * 37);
  await read(trending, start - 30 * MINUTE, new Set(trending));
  // Looked at: the 10 newest (the table's first rows), and older links (details, the popup).
  const newest = Array.from({ length: 10 }, (_, i) => LINKS - i);
  const older = Array.from({ length: MAX_LOOKED - newest.length }, (_, i) => 2000 + i * 131);
  await noteLooked(
    db,
    [...newest, ...older].map((id) => ({ type: 'link', key: serverKey(id) })),
    start,
  );

  const perHour = Array.from({ length: HOURS }, () => 0);
  let nextHead = start;
  // The engine wakes when the next head check or sample is due: so does the simulation.
  for (let at = start, steps = 0; at < start + HOURS * HOUR && steps < 10_000; steps++) {
    if (at >= nextHead) {
      await read(
        Array.from({ length: PAGE }, (_, i) => LINKS - i),
        at,
      );
      nextHead = at + HEAD_EVERY;
    }
    // Every sample due now, each one request.
    let wakeAt = Infinity;
    for (let i = 0; i < 100; i++) {
      const due = await dueSample(db, at);
      wakeAt = due.wakeAt;
      if (!due.target || due.target.type === 'list') break;
      const id = (await db.links.get(due.target.key))!.id!;
      await read([id], at);
      perHour[Math.floor((at - start) / HOUR)]! += 1;
    }
    at = Math.max(at + MINUTE, Math.min(nextHead, wakeAt));
  }
  db.close();

  const allowance = shareAllowance(initialBudget(), 10);
  const intervals = headIntervals(allowance);
  const heads = Object.values(intervals).reduce((sum, every) => sum + HOUR / every, 0);
  const walk = walkRate(LINKS / PAGE + 8, allowance, intervals);
  const mean = perHour.reduce((a, b) => a + b, 0) / perHour.length;
  report('trends.sampling_requests_per_hour_10k', mean, 'requests/h', {
    goal: `<= ${Math.floor(allowance - heads - walk)} (the share's ${Math.floor(allowance)}/h less head checks ${Math.round(heads)} and the walk ${Math.round(walk)})`,
    busiest_hour: Math.max(...perHour),
    followed: MAX_LOOKED + TRENDING_TOP,
    simulated_hours: HOURS,
  });
}
