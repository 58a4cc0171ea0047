import Dexie, { type ObservabilitySet } from 'dexie';
import { browser } from 'wxt/browser';
import { platformFetch } from '@/lib/api/fetch';
import { showSyncBadge } from '@/lib/browser/badge';
import { installFreshConnectionRule } from '@/lib/browser/fresh-connections';
import { exclusiveAcrossContexts } from '@/lib/browser/locks';
import { releaseUnusedOrigins } from '@/lib/browser/permissions';
import { databaseNamed } from '@/lib/db/open';
import type { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import type { DrainReport, OwnReport } from '@/lib/messages/reports';
import { mirrored } from '@/lib/refresh/pull';
import { requestTimeoutItem } from '@/lib/settings/advanced';
import { labelCarriedOverConnections } from '@/lib/settings/connect';
import { activeConnection, type Connection, type Connections, connectionsItem } from '@/lib/settings/connection';
import { freshForMs, refreshShareItem } from '@/lib/settings/refresh';
import type { Claimed } from '@/lib/sync/outbox';
import { recordingReachability } from '@/lib/sync/reachability';
import { outboxCounts } from '@/lib/sync/status';

/** Followed by ':' and the connection's id: each connection asks for its own wake-ups. */
const ALARM_WAKE = 'sync-wake';
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

export const wakeAlarmOf = (connectionId: string) => `${ALARM_WAKE}:${connectionId}`;

/**
 * How many changes of the stored connections storage has reported to this worker, its own writes too.
 * Registered once, when the worker starts.
 */
export function countConnectionChanges(): () => number {
  let changes = 0;
  connectionsItem.watch(() => {
    changes += 1;
  });
  return () => changes;
}

/**
 * An engine's connection, read by its id from storage at every call, with whether storage has reported
 * a change since (`unchanged`): a request whose connection was read before a change reads it again
 * before it goes, and one read since goes at once (lib/engine/engine.ts). A change is known here once
 * its event has come, a few milliseconds after the write; a request leaving in those milliseconds
 * raced the change anyway.
 */
export function storedConnection(id: string, ready: Promise<unknown>, changes: () => number) {
  return async () => {
    await ready;
    // Counted before the read: a change while it is read makes what it read stale at once.
    const seen = changes();
    const now = (await connectionsItem.getValue()).list.find((x) => x.id === id);
    return now ? { baseUrl: now.baseUrl, apiKey: now.apiKey, unchanged: () => changes() === seen } : null;
  };
}

/**
 * One sync engine per connection, each on its own database (mirror, outbox, budget), Web Lock
 * and wake-up alarm; it reads its key from storage by its own id (`storedConnection`), so a change
 * queued for one connection is sent to that connection alone, with its key, even after a switch.
 */
function createConnectionSync(c: Connection, connectionsReady: Promise<unknown>, connectionChanges: () => number) {
  const db = databaseNamed(c.database);
  const engine = createSyncEngine({
    db,
    connection: storedConnection(c.id, connectionsReady, connectionChanges),
    // Every request tells the pages whether the service answers (the offline banner, a paused copy).
    fetch: recordingReachability(db, platformFetch),
    exclusive: exclusiveAcrossContexts(`${c.database}-sync`),
    isOnline: () => navigator.onLine,
    timeoutMs: async () => (await requestTimeoutItem.getValue()) * 1000,
    sharePercent: () => refreshShareItem.getValue(),
    freshForMs,
    wakeAt: (at) => void browser.alarms.create(wakeAlarmOf(c.id), { when: Math.max(at, Date.now() + 1000) }),
  });

  async function drain(): Promise<DrainReport> {
    const keepAlive = setInterval(() => void browser.runtime.getPlatformInfo(), KEEP_ALIVE_MS);
    try {
      return await engine.drain();
    } finally {
      clearInterval(keepAlive);
    }
  }

  async function pull(): Promise<void> {
    await engine.requestPull();
    void drain();
  }

  return {
    db,
    engine,
    drain,
    /** The person's own changes, sent now even while a drain is busy; the rest waits for the drain. */
    sendOwn: (entries: readonly Claimed[]) => engine.sendOwn(entries),
    pull,
    /**
     * The first copy, for a mirror never copied in full (added beside another, say); one under way
     * goes on. A requested walk reads every page of every list again, so a copied mirror is left to
     * background refresh rather than walked on every switch.
     */
    async copyIfNew(): Promise<void> {
      if (await mirrored(db)) void drain();
      else await pull();
    },
  };
}
export type ConnectionSync = ReturnType<typeof createConnectionSync>;

export const NOT_DRAINED: OwnReport = { sent: 0, failed: 0, wakeAt: null, sentKeys: [], made: {} };

/** How long the badge lets the queue change before it counts it again. */
const BADGE_SETTLE_MS = 150;

/**
 * Shows the queue of `db` on the badge, counted again a moment after its outbox changed (here or in
 * a page), at most once in BADGE_SETTLE_MS, not in the instant of each change: a person's new link
 * is counted once it has gone. Counted at once, its count's three reads and the badge's three calls
 * to the browser ran between the commit of the link and its request, and again between the
 * service's answer and the reply to the popup, for a "1" shown a few milliseconds. Returns how to stop.
 */
function countOnBadge(db: LinkpilotDb): () => void {
  const outbox = `idb://${db.name}/outbox/`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const count = () =>
    outboxCounts(db)
      .then((n) => (stopped ? undefined : showSyncBadge(n.pending + n.inflight, n.failed)))
      .catch((e: unknown) => console.error('Linkpilot: badge update failed', e));
  const onMutated = (parts: ObservabilitySet) => {
    if (timer !== undefined || !Object.keys(parts).some((part) => part.startsWith(outbox))) return;
    timer = setTimeout(() => {
      timer = undefined;
      void count();
    }, BADGE_SETTLE_MS);
  };
  Dexie.on('storagemutated', onMutated);
  void count();
  return () => {
    stopped = true;
    clearTimeout(timer);
    Dexie.on.storagemutated.unsubscribe(onMutated);
  };
}

/** The engines of every stored connection, wired to the worker: alarms, the badge of the active one. */
export function createBackgroundSync() {
  // Before the first request of this worker: a connection pooled without the rule could be reused.
  const connectionsReady = installFreshConnectionRule();
  const engines = new Map<string, ConnectionSync>();
  const connectionChanges = countConnectionChanges();

  const syncOf = (c: Connection) => {
    let sync = engines.get(c.id);
    if (!sync) {
      sync = createConnectionSync(c, connectionsReady, connectionChanges);
      engines.set(c.id, sync);
    }
    return sync;
  };

  async function of(id: string): Promise<ConnectionSync | null> {
    const c = (await connectionsItem.getValue()).list.find((x) => x.id === id);
    return c ? syncOf(c) : null;
  }

  async function active(): Promise<ConnectionSync | null> {
    const c = activeConnection(await connectionsItem.getValue());
    return c ? syncOf(c) : null;
  }

  async function drainAll(): Promise<void> {
    const { list } = await connectionsItem.getValue();
    await Promise.all(list.map((c) => syncOf(c).drain()));
  }

  let badge: { id: string | null; stop?: () => void } = { id: null };
  /** The badge counts the active connection's queue, and follows a switch. */
  function followActive(all: Connections): void {
    const c = activeConnection(all);
    if (badge.stop && badge.id === (c?.id ?? null)) return;
    badge.stop?.();
    if (!c) {
      badge = { id: null };
      void showSyncBadge(0, 0);
      return;
    }
    badge = { id: c.id, stop: countOnBadge(syncOf(c).db) };
  }

  return {
    connectionsReady,
    /** The active connection's engine, for what a person asks of the connection on screen. */
    active,
    /** The engine of the stored connection `id` (null once removed), whether or not it is active. */
    of,
    /** Sends what every connection has queued, each to its own service. */
    drainAll,
    /**
     * Sends a person's own changes (a page's create, say) at once, beside any drain, to the service
     * of the connection whose database holds them: seqs mean nothing in another one.
     */
    async sendOwn(database: string, entries: readonly Claimed[]): Promise<OwnReport> {
      if (entries.length === 0) return NOT_DRAINED;
      // Its engine is usually running already; storage is read only for one that is not.
      const running = [...engines.values()].find((e) => e.db.name === database);
      const c = running ? null : (await connectionsItem.getValue()).list.find((x) => x.database === database);
      return running?.sendOwn(entries) ?? (c ? syncOf(c).sendOwn(entries) : NOT_DRAINED);
    },
    /** Drains the active connection (the menu and the shortcut wait for their link). */
    async drain(): Promise<DrainReport> {
      return (await active())?.drain() ?? NOT_DRAINED;
    },
    /** On every worker start: alarms, the badge, and whatever the last worker left to do. */
    start(): void {
      void browser.alarms.create(ALARM_TICK, { periodInMinutes: TICK_MINUTES });
      void browser.alarms.clear(ALARM_PULL_BEFORE);
      // A connection added or switched to starts syncing at once; a removed one stops at its next request.
      connectionsItem.watch((all, before) => {
        followActive(all);
        void drainAll();
        void releaseUnusedOrigins(before?.list ?? [], all.list);
      });
      void connectionsItem.getValue().then(followActive);
      void labelCarriedOverConnections().catch((e: unknown) => console.error('Linkpilot: reading accounts failed', e));
      void drainAll();
    },
    // Each engine does only what is due, so one connection's wake-up may drain them all.
    onAlarm(name: string): void {
      if (name === ALARM_TICK || name.startsWith(ALARM_WAKE)) void drainAll();
    },
  };
}
export type BackgroundSync = ReturnType<typeof createBackgroundSync>;
