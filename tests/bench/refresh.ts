/**
 * npm run bench:refresh — staying fresh on a sliver of the budget. The figures about requests and
 * hours come from the engine and the local server on one virtual clock with the real limit of 30
 * requests a minute (tests/bench/virtual-service.ts): nothing is scaled. The user's wait is
 * measured in headless Chromium with the built extension (tests/bench/refresh-wait.ts).
 */

// First: Dexie takes the IndexedDB it finds when it loads, and the engine's modules bring Dexie.
import 'fake-indexeddb/auto';
import { walkPages } from '../../lib/engine/plan';
import { readCursor } from '../../lib/refresh/pull';
import { markShown } from '../../lib/refresh/shown';
import { pairedWaitRatio, shortenWaits, waitRatio } from './refresh-wait';
import { median, report } from './report';
import { call, type VirtualSetup, virtualService } from './virtual-service';

const HOUR = 3_600_000;

/** Requests an hour while nothing changes anywhere, over `hours`; and the reconcile walk's pages an hour. */
async function idle(setup: VirtualSetup, hours: number) {
  const from = setup.now();
  const steps = new Set<number>();
  await setup.runUntil(from + hours * HOUR, {
    // After every wake-up: a walk step is at most one a wake-up (its steps are spaced far apart).
    done: async () => {
      const cursor = await readCursor(setup.db, 'reconcile');
      if (cursor?.steppedAt) steps.add(cursor.steppedAt);
      return false;
    },
  });
  const requests = setup.sent.filter((s) => s.at >= from).length;
  return { perHour: requests / hours, walkPagesPerHour: steps.size / hours };
}

/** Virtual seconds from a link made by another client until the mirror holds it, with the popup open. */
async function newElsewhereVisible(setup: VirtualSetup, trials: number): Promise<number[]> {
  const seconds: number[] = [];
  for (let i = 0; i < trials; i++) {
    // Each trial starts at another moment of the popup's 15-second beat and of the head checks.
    await setup.runUntil(setup.now() + 7_000 + i * 23_000);
    const made = (await call(setup.server, setup.server.apiKey, '/api/url/add', {
      url: `https://example.com/made-elsewhere/${i}`,
    })) as { id: number };
    const at = setup.now();
    const seen = await setup.runUntil(at + HOUR, {
      every: { ms: 15_000, run: () => markShown(setup.db, 'popup', [{ type: 'list', list: 'links' }], setup.now()) },
      done: async () => (await setup.db.links.where('id').equals(made.id).count()) > 0,
    });
    seconds.push((seen - at) / 1000);
  }
  return seconds;
}

/**
 * Virtual hours until links deleted elsewhere (straight from the service's database, all at once)
 * have left the mirror, each.
 */
async function deletedElsewhereGone(setup: VirtualSetup, linkIds: number[], limitHours: number): Promise<number[]> {
  for (const id of linkIds) setup.server.db.prepare('DELETE FROM links WHERE id = ?').run(id);
  const at = setup.now();
  const goneAt = new Map<number, number>();
  await setup.runUntil(at + limitHours * HOUR, {
    done: async () => {
      for (const id of linkIds)
        if (!goneAt.has(id) && (await setup.db.links.where('id').equals(id).count()) === 0) goneAt.set(id, setup.now());
      return goneAt.size === linkIds.length;
    },
  });
  if (goneAt.size < linkIds.length) throw new Error('bench: a link deleted elsewhere stayed in the mirror');
  return linkIds.map((id) => (goneAt.get(id)! - at) / HOUR);
}

const small = await virtualService(10_000);
try {
  const quiet = await idle(small, 3);
  report('sync.idle_requests_per_hour_10k', quiet.perHour, 'requests/hour', { goal: '<= 90', hours: 3 });
  // The oldest end of the list, its middle, and near its newest end.
  const hours = await deletedElsewhereGone(small, [137, 4_321, 9_876], 48);
  report('sync.deleted_elsewhere_gone_h_10k', Math.max(...hours), 'hours', {
    note: 'measured, default share; the slowest of three links deleted at once',
    each: hours.map((h) => Math.round(h * 100) / 100),
  });
} finally {
  await small.close();
}

const large = await virtualService(100_000);
try {
  const quiet = await idle(large, 2);
  report('sync.idle_requests_per_hour_100k', quiet.perHour, 'requests/hour', { goal: '<= 180', hours: 2 });
  // A walk proves a deletion when it reads the deleted record's place; a record that falls between
  // two pages (the list moved between the reads) is proven at the next walk: two walks at worst.
  const pages = await walkPages(large.db);
  const walkHours = pages / quiet.walkPagesPerHour;
  report('sync.deleted_elsewhere_gone_h', 2 * walkHours, 'hours', {
    goal: '<= 24',
    at: '100k links, default share, computed from the walk rate measured at 100k',
    one_walk_hours: walkHours,
    walk_pages: pages,
    walk_pages_per_hour: quiet.walkPagesPerHour,
  });
  const visible = await newElsewhereVisible(large, 5);
  report('sync.new_elsewhere_visible_s', Math.max(...visible), 's', {
    goal: '<= 120',
    at: '100k links, popup open',
    median: median(visible),
    trials: visible.length,
  });
} finally {
  await large.close();
}

const waits = await shortenWaits();
report('sync.user_wait_ratio_during_reconcile', pairedWaitRatio(waits.reconcileMs, waits.idleMs), 'ratio', {
  goal: '<= 1.2',
  at: '100k links, share 100 % against 0 %, each shorten over the one before it',
  ratio_of_medians: waitRatio(waits.reconcileMs, waits.idleMs),
  idle_median_ms: median(waits.idleMs),
  reconcile_median_ms: median(waits.reconcileMs),
  idle_max_ms: Math.max(...waits.idleMs),
  reconcile_max_ms: Math.max(...waits.reconcileMs),
  shortens: waits.idleMs.length,
});
report('sync.user_wait_ratio_during_full_walk', waitRatio(waits.fullWalkMs, waits.idleMs), 'ratio', {
  at: '100k links, Sync now under way',
  full_walk_median_ms: median(waits.fullWalkMs),
  full_walk_max_ms: Math.max(...waits.fullWalkMs),
});
