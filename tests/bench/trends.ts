/**
 * npm run bench:trends — how links do over time (lib/history/) at 100,000 links: a simulated year
 * through the real recording code (recordTotals, as every reading of the refresh calls it), then one
 * link's year read and ready to draw, and the Trending order of all links. In Node over
 * fake-indexeddb, which is slower than a browser's IndexedDB: the times are upper bounds.
 *
 * The year: 100,000 links, first read with their totals (60 % have clicks); then every day 1 % of
 * them gain clicks, each read at two moments of the day with a new total (a head check and a
 * shown-link refresh, say), in 24 batches a day as the refresh's pages come. Old days are thinned
 * by the recorder itself.
 *
 * The size is what IndexedDB holds per observation, in the thinned days and the last days alike:
 * the value as V8 serialises it (what Chromium stores), its primary key and an entry of each index
 * that holds it (the last days' `id`; the thinned days have none) as IndexedDB encodes keys (a number
 * 9 bytes, an array 2 more), and 16 bytes of LevelDB framing per entry, a generous allowance.
 */
import 'fake-indexeddb/auto';
import { serialize } from 'node:v8';
import Dexie from 'dexie';
import { serverKey } from '../../lib/db/keys';
import { LinkpilotDb } from '../../lib/db/schema';
import { chartOf } from '../../lib/history/periods';
import { recordTimeline } from '../../lib/history/read';
import { DAY, type Reading } from '../../lib/history/record';
import { linkRow } from '../../lib/kinds/link-row';
import { type LinkTableQuery, linkTableTotal, trendingLinks } from '../../lib/links/link-table';
import { recordTotals } from '../../lib/refresh/apply';
import { median, report } from './report';
import { samplingFigure } from './trends-sampling';

const LINKS = Number(process.env.TRENDS_LINKS ?? 100_000);
const DAYS = Number(process.env.TRENDS_DAYS ?? 365);
const GAINING = LINKS / 100;
const HOUR = 3_600_000;
const start = Date.UTC(2026, 0, 1);

// A deterministic pseudo-random sequence, so every run simulates the same year.
let seed = 20261125;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

const db = new LinkpilotDb('bench-trends');
await db.open();
const totals = new Int32Array(LINKS + 1);
const rows = [];
for (let id = 1; id <= LINKS; id++) {
  totals[id] = random() < 0.6 ? 1 + Math.floor(random() * 50) : 0;
  rows.push(
    linkRow(
      {
        id,
        alias: `a${id}`,
        shorturl: `https://s.test/a${id}`,
        longurl: `https://example.com/${id}`,
        clicks: totals[id]!,
        title: '',
        description: '',
        date: '2025-06-01 00:00:00',
      },
      undefined,
      start,
    ),
  );
}
await db.links.bulkPut(rows);

const simulated = performance.now();
// First reading: the first copy of the account, 1,000 links a page.
for (let page = 0; page < LINKS / 1000; page++) {
  const readings: Reading[] = [];
  for (let id = page * 1000 + 1; id <= (page + 1) * 1000; id++)
    readings.push({ id, key: serverKey(id), clicks: totals[id]!, before: null });
  await recordTotals(db, 'link', readings, start + page * 1000);
}
if (process.env.TRENDS_PROGRESS) console.error(`first reading: ${Math.round(performance.now() - simulated)} ms`);
// The link whose year is read: it gains every day.
const WATCHED = 7;
for (let day = 0; day < DAYS; day++) {
  const gaining = new Set<number>([WATCHED]);
  while (gaining.size < GAINING) gaining.add(1 + Math.floor(random() * LINKS));
  const batches: Reading[][] = Array.from({ length: 24 }, () => []);
  for (const id of gaining) {
    // Two readings a day, each with a new total, at two hours of the day.
    const first = Math.floor(random() * 12);
    const second = 12 + Math.floor(random() * 12);
    for (const hour of [first, second]) {
      const before = totals[id]!;
      totals[id] = before + 1 + Math.floor(random() * 5);
      batches[hour]!.push({ id, key: serverKey(id), clicks: totals[id]!, before });
    }
  }
  for (const [hour, readings] of batches.entries())
    await recordTotals(db, 'link', readings, start + day * DAY + hour * HOUR);
  if (process.env.TRENDS_PROGRESS && day % 10 === 0)
    console.error(`day ${day}: ${Math.round(performance.now() - simulated)} ms`);
}
const now = start + DAYS * DAY;
await recordTotals(db, 'link', [], now);
const simulatedMs = performance.now() - simulated;
// The mirror's totals as the year left them (the Trending order reads the rows too).
await db.links.bulkPut(rows.map((r) => ({ ...r, clicks: totals[r.id!]! })));

// Size: every observation as IndexedDB stores it, in both tables: its value, its primary key, and
// an entry of each index whose key path the row holds.
const framing = 16;
const keyBytes = (key: IDBValidKey): number => {
  if (typeof key === 'number') return 9;
  if (Array.isArray(key)) return 2 + key.reduce<number>((sum, k) => sum + keyBytes(k), 0);
  if (typeof key === 'string') return 1 + varintBytes(key.length) + 2 * key.length;
  throw new Error(`no size for the key ${String(key)}`);
};
const varintBytes = (n: number) => Math.max(1, Math.ceil(Math.log2(n + 1) / 7));
let bytes = 0;
let observations = 0; // rows of all three tables
let indexEntries = 0;
// The thinned days, the last days, and each link's last reading (one small row per link).
for (const table of [db.linkHistory, db.linkRecent, db.linkReads]) {
  const { primKey, indexes } = table.schema;
  const keyOf = (row: object, path: string | string[]) =>
    Array.isArray(path)
      ? path.map((p) => (row as Record<string, IDBValidKey>)[p]!)
      : (row as Record<string, IDBValidKey | undefined>)[path];
  await table.each((row) => {
    observations += 1;
    const primary = keyBytes(keyOf(row, primKey.keyPath!)!);
    bytes += serialize(row).length + primary + framing;
    for (const index of indexes) {
      const key = keyOf(row, index.keyPath!);
      if (key === undefined) continue;
      indexEntries += 1;
      bytes += keyBytes(key) + primary + framing;
    }
  });
}
report('trends.history_mb_100k_year', bytes / 1e6, 'MB', {
  goal: '<= 50',
  rows: observations,
  index_entries: indexEntries,
  framing_mb: Number((((observations + indexEntries) * framing) / 1e6).toFixed(1)),
  links: LINKS,
  gaining_per_day: GAINING,
  readings_per_gain: 2,
  simulated_s: Math.round(simulatedMs / 1000),
});

const reads: number[] = [];
const bareReads: number[] = [];
let drawn = 0;
for (let run = 0; run < 10; run++) {
  // The floor beside each: the link's thinned days read bare, one key range, nothing made of them.
  const bareBegan = performance.now();
  await db.linkHistory.where('[id+at]').between([WATCHED, Dexie.minKey], [WATCHED, Dexie.maxKey]).toArray();
  bareReads.push(performance.now() - bareBegan);
  const began = performance.now();
  const timeline = await recordTimeline(db, 'link', {
    id: WATCHED,
    date: '2025-06-01 00:00:00',
    total: totals[WATCHED]!,
  });
  if (!timeline) throw new Error('the watched link should have a history');
  drawn = chartOf([timeline], null, now)?.periods.length ?? 0;
  reads.push(performance.now() - began);
}
report('trends.link_year_read_ms', median(reads), 'ms', {
  runs: 10,
  periods_drawn: drawn,
  store: 'fake-indexeddb (upper bound)',
});
// What holds: the read over the bare read of its rows beside it, which the machine's load moves alike.
report('trends.link_year_read_over_bare_read', median(reads.map((r, i) => r / bareReads[i]!)), 'ratio', {
  // Making the timeline of its rows may cost at most as much again as reading them.
  goal: '<= 2',
  bare_read_ms: median(bareReads),
});

const query: LinkTableQuery = {
  sort: 'trending',
  search: '',
  channelKey: null,
  campaignKey: null,
  domain: null,
  status: null,
};
// Trending: the links that gained this week, by their gain (what the order computes from the history).
const trending: number[] = [];
const bareRange: number[] = [];
let gaining = 0;
for (let run = 0; run < 5; run++) {
  // The floor beside each: the week's observations read bare, the one key range the order sums.
  const bareBegan = performance.now();
  await db.linkRecent
    .where('[at+id]')
    .above([now - 7 * 86_400_000, Number.POSITIVE_INFINITY])
    .toArray();
  bareRange.push(performance.now() - bareBegan);
  const began = performance.now();
  gaining = (await trendingLinks(db, now)).length;
  trending.push(performance.now() - began);
}
// The whole order of the table besides: then every other link by date, a read of the date index.
const orders: number[] = [];
for (let run = 0; run < 3; run++) {
  const began = performance.now();
  const { total } = await linkTableTotal(db, query, null, now);
  orders.push(performance.now() - began);
  if (total !== LINKS) throw new Error('every link should be in the Trending order');
}
report('trends.trending_7d_ms_100k', median(trending), 'ms', {
  runs: 5,
  gaining_links: gaining,
  whole_order_ms: Math.round(median(orders)),
  store: 'fake-indexeddb (upper bound)',
});
report('trends.trending_7d_over_bare_read', median(trending.map((t, i) => t / bareRange[i]!)), 'ratio', {
  // Summing and ordering the week's gains may cost at most as much again as reading them.
  goal: '<= 2',
  bare_read_ms: median(bareRange),
});
db.close();

// What following the links people look at adds, at 10,000 links.
await samplingFigure();
