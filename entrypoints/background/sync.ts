import { liveQuery } from 'dexie';
import { browser } from 'wxt/browser';
import { platformFetch } from '@/lib/api/fetch';
import { showSyncBadge } from '@/lib/browser/badge';
import { installFreshConnectionRule } from '@/lib/browser/fresh-connections';
import { exclusiveAcrossContexts } from '@/lib/browser/locks';
import { database } from '@/lib/db/open';
import { requestTimeoutItem } from '@/lib/settings/advanced';
import { connectionItem } from '@/lib/settings/connection';
import { refreshShareItem } from '@/lib/settings/refresh';
import { createSyncEngine, type DrainReport } from '@/lib/sync/engine';
import { recordingReachability } from '@/lib/sync/reachability';
import { outboxCounts } from '@/lib/sync/status';

export const ALARM_WAKE = 'sync-wake';
export const ALARM_TICK = 'sync-tick';
/** Left by versions that re-read the whole mirror every 15 minutes; cleared on start. */
const ALARM_PULL_BEFORE = 'sync-pull';
/**
 * A periodic check: resume after being offline or after a backoff. Background refresh asks for its
 * own wake-ups (head checks, the reconcile walk's next page) through ALARM_WAKE.
 */
const TICK_MINUTES = 1;
/** A drain that waits on the budget keeps the worker alive by touching an extension API. */
const KEEP_ALIVE_MS = 20_000;

/** The sync engine wired to the worker: locks, alarms, the badge and the stored connection. */
export function createBackgroundSync() {
  const db = database();
  // Before the first request of this worker: a connection pooled without the rule could be reused.
  const connectionsReady = installFreshConnectionRule();
  const engine = createSyncEngine({
    db,
    connection: async () => {
      await connectionsReady;
      const c = await connectionItem.getValue();
      return c ? { baseUrl: c.baseUrl, apiKey: c.apiKey } : null;
    },
    // Every request tells the pages whether the service answers (the offline banner, a paused copy).
    fetch: recordingReachability(db, platformFetch),
    exclusive: exclusiveAcrossContexts('linkpilot-sync'),
    isOnline: () => navigator.onLine,
    timeoutMs: async () => (await requestTimeoutItem.getValue()) * 1000,
    sharePercent: () => refreshShareItem.getValue(),
    wakeAt: (at) => void browser.alarms.create(ALARM_WAKE, { when: Math.max(at, Date.now() + 1000) }),
  });

  async function drain(): Promise<DrainReport> {
    const keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_ALIVE_MS);
    try {
      return await engine.drain();
    } finally {
      clearInterval(keepAlive);
    }
  }

  return {
    engine,
    connectionsReady,
    drain,
    async pull(): Promise<void> {
      await engine.requestPull();
      void drain();
    },
    /** On every worker start: alarms, the badge, and whatever the last worker left to do. */
    start(): void {
      void browser.alarms.create(ALARM_TICK, { periodInMinutes: TICK_MINUTES });
      void browser.alarms.clear(ALARM_PULL_BEFORE);
      liveQuery(() => outboxCounts(db)).subscribe({
        next: (c) => void showSyncBadge(c.pending + c.inflight, c.failed),
        error: (e: unknown) => console.error('Linkpilot: badge update failed', e),
      });
      void drain();
    },
    onAlarm(name: string): void {
      if (name === ALARM_WAKE || name === ALARM_TICK) void drain();
    },
  };
}
export type BackgroundSync = ReturnType<typeof createBackgroundSync>;
