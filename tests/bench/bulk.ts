/**
 * npm run bench:bulk — 1,000 URLs from a pasted list queued for shortening: read and checked
 * (lib/bulk/url-list.ts), then written with their outbox entries (lib/bulk/queue.ts). In Node over
 * fake-indexeddb, which is slower than a browser's IndexedDB: the figure is an upper bound.
 */
import 'fake-indexeddb/auto';
import { queueLinks } from '../../lib/bulk/queue';
import { readUrlList } from '../../lib/bulk/url-list';
import { LinkpilotDb } from '../../lib/db/schema';
import { median, report } from './report';

const RUNS = 5;
const text = Array.from({ length: 1000 }, (_, i) => `https://example.com/article-${i}?ref=list`).join('\n');
const times: number[] = [];
const bare: number[] = [];
for (let run = 0; run < RUNS; run++) {
  // The floor, in the same run: the same number of rows and entries written bare, in one transaction.
  const floorDb = new LinkpilotDb(`bench-bulk-floor-${run}`);
  await floorDb.open();
  const began = performance.now();
  await floorDb.transaction('rw', floorDb.links, floorDb.outbox, async () => {
    await floorDb.links.bulkAdd(
      Array.from({ length: 1000 }, (_, i) => ({ key: `k${i}`, longurl: `https://example.com/article-${i}` })) as never,
    );
    await floorDb.outbox.bulkAdd(
      Array.from({ length: 1000 }, (_, i) => ({ kind: 'link', op: 'create', key: `k${i}`, state: 'pending' })) as never,
    );
  });
  bare.push(performance.now() - began);
  floorDb.close();

  const db = new LinkpilotDb(`bench-bulk-${run}`);
  await db.open();
  const started = performance.now();
  const { items, problems } = readUrlList(text);
  if (problems.length > 0 || items.length !== 1000) throw new Error('the list should read cleanly');
  await queueLinks({ db }, items, { channelKey: null, campaignKey: null });
  times.push(performance.now() - started);
  if ((await db.outbox.count()) !== 1000) throw new Error('every link should be queued');
  db.close();
}
report('bulk.queue_1000_ms', median(times), 'ms', {
  runs: RUNS,
  store: 'fake-indexeddb (upper bound)',
});
// What holds: milliseconds move with the machine's load, the ratio to the bare write beside it less.
report('bulk.queue_1000_over_bare_write', median(times.map((t, i) => t / bare[i]!)), 'ratio', {
  // The former goal, 1,000 ms, over the bare write of a quiet run (about 140 ms).
  goal: '<= 7',
  bare_write_ms: median(bare),
  runs: RUNS,
});
