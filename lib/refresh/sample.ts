import { metaKey, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb, Mirrored } from '../db/schema';
import { gainsSince } from '../history/read';
import { DAY, readsTable } from '../history/record';
import { COUNTED, COUNTED_KINDS, type Counted } from '../kinds/counted';
import { shownOf } from '../kinds/shown';
import { lookedAt } from './looked';
import { type ShownTarget, targetId } from './shown';

/**
 * The records people look at are read often enough to draw their clicks per hour on their first two
 * days and per day after: links and QR codes looked at lately (lib/refresh/looked.ts) and the most
 * trending links. The head checks already read the newest links every 5 minutes and the walk every
 * link within 8 hours; a followed record whose last reading (any kind of reading) is older than its
 * interval is read by its id, one request, counted against background refresh's share like the walk
 * (lib/engine/plan.ts). At most MAX_LOOKED looked-at records and TRENDING_TOP trending links are
 * followed so: a bound on the requests, whatever the account's size.
 */
const MINUTE = 60_000;
export const YOUNG_EVERY = 30 * MINUTE;
export const LATER_EVERY = 4 * 60 * MINUTE;
/** A record counts as young, read every YOUNG_EVERY, this long after it was made. */
const YOUNG_FOR = 2 * DAY;
export const TRENDING_TOP = 10;
/** The trending links are found again this often (a read of every observation of the last week). */
const TRENDING_EVERY = 60 * MINUTE;

type Trending = { type: Counted; key: string };
const trendingKey = metaKey<{ at: number; followed?: Trending[] } | null>('sample:trending', null);
/** The most trending records of each kind that trends (links), found again once TRENDING_EVERY has passed. */
async function trending(db: LinkpilotDb, now: number): Promise<Trending[]> {
  const known = await readMeta(db, trendingKey);
  // One kept before it named each record's kind (`keys` alone) is found again.
  if (known?.followed && now - known.at < TRENDING_EVERY) return known.followed;
  const followed: Trending[] = [];
  for (const kind of COUNTED_KINDS.filter((k) => COUNTED[k].trends)) {
    const gains = [...(await gainsSince(db, kind, now - 7 * DAY)).values()];
    gains.sort((a, b) => b.gain - a.gain);
    followed.push(...gains.slice(0, TRENDING_TOP).map((g) => ({ type: kind, key: g.key })));
  }
  await writeMeta(db, trendingKey, { at: now, followed });
  return followed;
}

const madeAt = (row: Mirrored & { date?: string }) => {
  const at = row.date ? Date.parse(`${row.date.replace(' ', 'T')}Z`) : Number.NaN;
  return Number.isNaN(at) ? 0 : at;
};

/** How often a record is read while followed: every half hour on its first two days, every 4 hours after. */
export const sampleEvery = (made: number, now: number) => (now - made < YOUNG_FOR ? YOUNG_EVERY : LATER_EVERY);

/**
 * The followed record whose reading is most overdue, as a target to read, or when the next one is due.
 * Records not on the service yet, or gone from the mirror, are skipped.
 */
export async function dueSample(
  db: LinkpilotDb,
  now: number,
  busy?: ReadonlySet<string>,
): Promise<{ target: ShownTarget | null; wakeAt: number }> {
  const followed = [...(await lookedAt(db, now)), ...(await trending(db, now))];
  let due: { target: ShownTarget; at: number } | null = null;
  let wakeAt = Infinity;
  for (const kind of COUNTED_KINDS) {
    const keys = [...new Set(followed.flatMap((f) => (f.type === kind ? [f.key] : [])))];
    if (keys.length === 0) continue;
    const shown = shownOf(kind);
    if (shown.how !== 'detail') continue;
    const found: (Mirrored & { date?: string })[] = await shown.withDetail((listing) =>
      listing.rows(db).where('key').anyOf(keys).toArray(),
    );
    const rows = found.filter((r) => r.id !== null);
    const reads = await readsTable(db, kind).bulkGet(rows.map((r) => r.id!));
    for (const [i, row] of rows.entries()) {
      const at = (reads[i]?.at ?? 0) + sampleEvery(madeAt(row), now);
      const target: ShownTarget = { type: kind, key: row.key };
      if (busy?.has(targetId(target))) continue;
      if (at <= now && (!due || at < due.at)) due = { target, at };
      else if (at > now) wakeAt = Math.min(wakeAt, at);
    }
  }
  return { target: due?.target ?? null, wakeAt };
}
