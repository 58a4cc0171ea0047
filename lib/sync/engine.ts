import { type ApiClient, createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { type Fetch, platformFetch } from '../api/fetch';
import type { LinkpilotDb, OutboxEntry } from '../db/schema';
import { type HeadCollection, headStep } from '../refresh/head';
import { planRefresh, type RefreshTask } from '../refresh/plan';
import { pullInProgress, pullStep, requestPull, startReconcile } from '../refresh/pull';
import { FRESH_FOR_MS, type ShownTarget, targetId } from '../refresh/shown';
import { refreshTarget } from '../refresh/shown-refresh';
import { backoffDelay } from './backoff';
import type { Priority } from './budget';
import { BudgetStore, BudgetWait, budgetedFetch } from './budget-store';
import { sendEntry } from './kinds';
import { afterFailure } from './policy';
import { claim, nextEntry, recoverInflight, settle } from './queue';
import type { Use } from './usage';

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

export interface EngineDeps {
  db: LinkpilotDb;
  /** Null when not connected: nothing is sent. */
  connection: () => Promise<Connection | null>;
  fetch?: Fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Runs `fn` unless another drain holds the lock (then resolves undefined without running it). */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  isOnline?: () => boolean;
  /** chrome.alarms in the worker: a sleeping worker keeps no timers. */
  wakeAt?: (at: number) => void;
  /** Longer waits are not slept through: the drain stops and asks to be woken. */
  maxInlineWaitMs?: number;
  /** Read for every step, so a changed setting applies at once. */
  timeoutMs?: number | (() => number | Promise<number>);
  /** Percent of the hourly allowance background refresh may use (Settings; default 10). */
  sharePercent?: number | (() => number | Promise<number>);
}

export interface DrainReport {
  ran: boolean;
  sent: number;
  failed: number;
  /** When there is more to do and the drain stopped to wait. */
  wakeAt: number | null;
}

/** One dropped connection says little; this many in a row mean the service is out of reach. */
const NETWORK_FAILURES_BEFORE_PAUSE = 3;
/** Stops a drain that would otherwise spin: each step sends at most a few requests. */
const MAX_STEPS = 5_000;
/** Background work due sooner than this is waited for in the drain; later, the drain ends and asks to be woken. */
const MAX_INLINE_REFRESH_WAIT_MS = 2_000;
const USE_OF: Record<Priority, Use> = { 0: 'user', 1: 'outbox', 2: 'refresh' };

/**
 * The drain loop: sends the outbox in order (priority, then seq), one request at a time inside the
 * budget, then continues any mirror pull. Everything it needs is in IndexedDB, so a worker stopped
 * at any moment continues on its next start.
 */
export function createSyncEngine(deps: EngineDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const exclusive = deps.exclusive ?? localMutex();
  const isOnline = deps.isOnline ?? (() => true);
  const maxInlineWaitMs = deps.maxInlineWaitMs ?? 65_000;
  const budget = new BudgetStore(db, now);
  const timeout = async () =>
    typeof deps.timeoutMs === 'function' ? await deps.timeoutMs() : (deps.timeoutMs ?? 15_000);
  const sharePercent = async () =>
    typeof deps.sharePercent === 'function' ? await deps.sharePercent() : (deps.sharePercent ?? 10);
  let rerun = false;
  /** What is on screen and was refreshed (or tried) lately, by target: not asked for again meanwhile. */
  const attempted = new Map<string, number>();
  /** Refreshes pages asked for that are on the wire, by target. */
  const inflight = new Map<string, Promise<void>>();

  // A drain that waits (for the budget's reset, a backoff) wakes when someone kicks it: the change
  // just queued goes at once instead of after the wait.
  let wake = () => {};
  let kicked = new Promise<void>((resolve) => {
    wake = resolve;
  });
  const kick = () => {
    wake();
    kicked = new Promise<void>((resolve) => {
      wake = resolve;
    });
  };
  const nap = (ms: number) => Promise.race([sleep(ms), kicked]);

  /** A client whose every request asks the budget first, at the priority of who is waiting for it. */
  function clientFor(
    connection: Connection,
    timeoutMs: number,
    priority: Priority,
    inlineWaitMs = maxInlineWaitMs,
    use: Use = USE_OF[priority],
  ) {
    return createApiClient({
      baseUrl: connection.baseUrl,
      getApiKey: () => connection.apiKey,
      now,
      timeoutMs,
      fetch: budgetedFetch({
        store: budget,
        priority,
        use,
        fetch: deps.fetch ?? platformFetch,
        sleep,
        now,
        maxInlineWaitMs: inlineWaitMs,
      }),
      onRateLimit: (info, status) => budget.observe(info, status),
    });
  }

  /**
   * A read someone is looking at (quick stats), first in the budget (priority 0). It never waits
   * for the rate limit: when the budget is spent it fails at once and the mirror's values stay.
   */
  async function interactive<T>(fn: (api: ApiClient) => Promise<T>): Promise<T> {
    const connection = await deps.connection();
    if (!connection)
      throw new ApiError({ kind: 'auth', message: 'Not connected. Open Settings to connect.', retryable: false });
    try {
      return await fn(clientFor(connection, await timeout(), 0, 0));
    } catch (error) {
      if (!(error instanceof BudgetWait)) throw error;
      const seconds = Math.ceil((error.until - now()) / 1000);
      throw new ApiError({
        kind: 'rate-limited',
        retryAt: error.until,
        message: `The request budget is spent; fresh numbers in ${seconds} s.`,
      });
    }
  }

  function recentlyAttempted(): Set<string> {
    for (const [id, at] of attempted) if (now() - at >= FRESH_FOR_MS) attempted.delete(id);
    return new Set(attempted.keys());
  }

  /**
   * One request of background refresh, or of what is on screen. Returns when to look again after a
   * failure (the drain ends until then), or 'continue'.
   */
  async function refreshStep(task: RefreshTask, connection: Connection, timeoutMs: number) {
    try {
      if (task.type === 'shown') {
        attempted.set(targetId(task.target), now());
        // The person's own request, but it leaves the last one of the minute to a shorten.
        await refreshTarget(db, clientFor(connection, timeoutMs, 1, 0, 'user'), task.target, now);
        return 'continue';
      }
      const api = clientFor(connection, timeoutMs, 2, 0, 'refresh');
      if (task.type === 'head') await headStep(db, api, task.list, now());
      else if (!(await pullStep(db, api, now, 'reconcile'))) await startReconcile(db, now());
      return 'continue';
    } catch (error) {
      if (error instanceof BudgetWait) return error.until;
      // What is on screen is tried again at its next turn; the rest of the refresh carries on.
      if (task.type === 'shown' && error instanceof ApiError) return 'continue';
      if (error instanceof ApiError) return error.retryAt ?? now() + backoffDelay(1, random);
      throw error;
    }
  }

  async function runDrain(): Promise<DrainReport> {
    const report: DrainReport = { ran: true, sent: 0, failed: 0, wakeAt: null };
    let networkFailures = 0;
    let floor = 0;
    await recoverInflight(db, await timeout());

    /** Sends one entry. Returns 'stop' when the drain should end (offline, key refused, long wait). */
    async function send(api: (p: Priority) => ApiClient, next: OutboxEntry, timeoutMs: number) {
      const entry = await claim(db, next.seq!, now());
      if (!entry) return 'continue';
      try {
        await sendEntry({ db, api: api(entry.priority) }, entry.kind, entry);
        await settle(db, entry, 'done');
        networkFailures = 0;
        report.sent += 1;
        return 'continue';
      } catch (error) {
        if (error instanceof BudgetWait) {
          // Back below the floor, but this drain ends here.
          await db.outbox.update(entry.seq!, { state: 'pending' });
          report.wakeAt = error.until;
          return 'stop';
        }
        const failure = error instanceof ApiError ? error : unexpected(error);
        const changes = afterFailure(entry, failure, now(), { timeoutMs, random });
        await settle(db, entry, changes);
        if (changes.state === 'failed') report.failed += 1;
        if (failure.kind === 'auth') return 'stop';
        if (failure.kind === 'network' && (!isOnline() || ++networkFailures >= NETWORK_FAILURES_BEFORE_PAUSE)) {
          // Every further request would fail alike: stop until this entry is due again.
          report.wakeAt = changes.notBefore ?? null;
          return 'stop';
        }
        return 'continue';
      }
    }

    /** Ends the drain until `at`, or waits for it here when it is near (a kick ends the wait early). */
    async function waitUntil(at: number, inline: number): Promise<'continue' | 'stop'> {
      const wait = at - now();
      if (wait <= inline) {
        await nap(Math.max(1, wait));
        return 'continue';
      }
      report.wakeAt = at;
      return 'stop';
    }

    for (let i = 0; i < MAX_STEPS; i++) {
      if (!isOnline()) {
        report.wakeAt = now() + 30_000;
        break;
      }
      const connection = await deps.connection();
      if (!connection) break;
      const timeoutMs = await timeout();
      const api = (priority: Priority) => clientFor(connection, timeoutMs, priority);
      const pulling = await pullInProgress(db);
      // Outbox before pull: if the pull is to send a request now, a change held back only because
      // the service was out of reach goes instead; it tells as well whether the service is back.
      const next = await nextEntry(db, now(), floor, pulling && networkFailures === 0);
      const { entry, nextDue } = next;
      floor = next.floor ?? floor;
      if (entry) {
        if ((await send(api, entry, timeoutMs)) === 'stop') break;
        continue;
      }
      if (pulling) {
        // Background requests never sleep inside a request: the wait is here, where a kick ends it.
        const wait = await budget.waitFor(2);
        if (wait > 0) {
          if ((await waitUntil(now() + wait, maxInlineWaitMs)) === 'stop') break;
          continue;
        }
        try {
          await pullStep(db, clientFor(connection, timeoutMs, 2, 0, 'requested'), now, 'requested');
          continue;
        } catch (error) {
          if (error instanceof BudgetWait) continue;
          if (error instanceof ApiError) report.wakeAt = error.retryAt ?? now() + backoffDelay(1, random);
          else throw error;
          break;
        }
      }
      const plan = await planRefresh(db, now(), {
        budget: await budget.get(),
        sharePercent: await sharePercent(),
        busy: recentlyAttempted(),
      });
      if (plan.task) {
        const outcome = await refreshStep(plan.task, connection, timeoutMs);
        if (outcome === 'continue') continue;
        report.wakeAt = outcome;
        break;
      }
      const wake = Math.min(nextDue ?? Infinity, plan.wakeAt ?? Infinity);
      if (wake === Infinity) break;
      const inline = wake === nextDue ? maxInlineWaitMs : MAX_INLINE_REFRESH_WAIT_MS;
      if ((await waitUntil(wake, inline)) === 'stop') break;
    }
    if (report.wakeAt !== null) deps.wakeAt?.(report.wakeAt);
    return report;
  }

  return {
    /** Sends what is queued, then pulls if a pull is under way. One drain at a time. */
    async drain(): Promise<DrainReport> {
      let last: DrainReport = { ran: false, sent: 0, failed: 0, wakeAt: null };
      rerun = true;
      kick();
      const result = await exclusive(async () => {
        // A kick that arrives while this drain runs is served by one more round, not lost.
        while (rerun) {
          rerun = false;
          const r = await runDrain();
          last = { ...r, sent: last.sent + r.sent, failed: last.failed + r.failed };
        }
        return last;
      });
      return result ?? last;
    },
    /** Queues a full refresh of the mirror; the next drain performs it. */
    async requestPull(): Promise<void> {
      await requestPull(db, now());
    },
    /**
     * Refreshes what a page has just opened, or asks for again (a link's statistics, say), first in
     * the budget. The same refresh already on the wire is joined, not sent twice.
     */
    refresh(target: ShownTarget): Promise<void> {
      const id = targetId(target);
      const running = inflight.get(id);
      if (running) return running;
      attempted.set(id, now());
      const request = interactive((api) => refreshTarget(db, api, target, now)).finally(() => inflight.delete(id));
      inflight.set(id, request);
      return request;
    },
    /** Runs a head check of one list to its end now (tests, benchmarks). */
    async headCheck(list: HeadCollection): Promise<void> {
      await interactive(async (api) => {
        for (let i = 0; i < 10 && (await headStep(db, api, list, now())); i++);
      });
    },
    interactive,
    budget,
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;

function unexpected(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({
    kind: 'bad-response',
    message: `Unexpected failure: ${message}`.slice(0, 300),
    retryable: false,
  });
}

/** In one context, a simple "skip if busy" lock; the worker passes navigator.locks instead. */
export function localMutex() {
  let busy = false;
  return async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    if (busy) return undefined;
    busy = true;
    try {
      return await fn();
    } finally {
      busy = false;
    }
  };
}
