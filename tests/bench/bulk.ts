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
for (let run = 0; run < RUNS; run++) {
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
  goal: '<= 1000',
  runs: RUNS,
  store: 'fake-indexeddb (upper bound)',
});
