import { type ApiClient, createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Fetch } from '../api/fetch';
import type { LinkpilotDb, OutboxEntry } from '../db/schema';
import { backoffDelay } from './backoff';
import type { Priority } from './budget';
import { BudgetStore, BudgetWait, budgetedFetch } from './budget-store';
import { execute, isReady } from './execute';
import { refreshSyncState, tableOf } from './outbox';
import { pullInProgress, pullStep, requestPull } from './pull';
import { removable } from './twins';

export interface Connection {
  baseUrl: string;
  apiKey: string;
}

export interface EngineDeps {
  db: LinkpilotDb;
  /** The current connection; null when not connected (nothing is sent). */
  connection: () => Promise<Connection | null>;
  fetch?: Fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Runs `fn` unless another drain holds the lock (then resolves undefined without running it). */
  exclusive?: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  isOnline?: () => boolean;
  /** Asks to be woken at this time (chrome.alarms in the worker; a sleeping worker keeps no timers). */
  wakeAt?: (at: number) => void;
  /** Waits longer than this are not slept through: the drain stops and asks to be woken. */
  maxInlineWaitMs?: number;
  /** Per-request timeout; a function is read for every client, so a changed setting applies at once. */
  timeoutMs?: number | (() => number | Promise<number>);
  /** Told about every request's outcome (for the badge, the sync centre and benchmarks). */
  onEvent?: (event: EngineEvent) => void;
}

export type EngineEvent =
  | { type: 'sent'; entry: OutboxEntry }
  | { type: 'failed'; entry: OutboxEntry; error: ApiError }
  | { type: 'retry'; entry: OutboxEntry; error: ApiError; at: number }
  | { type: 'waiting'; until: number }
  | { type: 'auth-refused'; error: ApiError }
  | { type: 'offline' };

export interface DrainReport {
  ran: boolean;
  sent: number;
  failed: number;
  /** When there is more to do and the drain stopped to wait. */
  wakeAt: number | null;
}

const NETWORK_FAILURES_BEFORE_PAUSE = 3;
/** Unreadable answers in a row to one change before it is shown as refused. */
const UNREADABLE_ANSWERS_BEFORE_FAILING = 4;

/** Stops a drain that would otherwise spin: each step sends at most a few requests. */
const MAX_STEPS = 5_000;

/**
 * The drain loop: sends the outbox in order (priority, then seq), one request at a time inside
 * the budget, then continues any mirror pull. Everything it needs is in IndexedDB, so a worker
 * stopped at any moment continues on its next start.
 */
export function createSyncEngine(deps: EngineDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const exclusive = deps.exclusive ?? localMutex();
  const isOnline = deps.isOnline ?? (() => true);
  let timeoutMs = typeof deps.timeoutMs === 'number' ? deps.timeoutMs : 15_000;
  const refreshTimeout = async () => {
    if (typeof deps.timeoutMs === 'function') timeoutMs = await deps.timeoutMs();
  };
  const maxInlineWaitMs = deps.maxInlineWaitMs ?? 65_000;
  const budget = new BudgetStore(db, now);
  let priority: Priority = 1;
  let rerun = false;
  let networkFailures = 0;
  /** Requests the service counted beyond ours during the current step (see budgetedFetch). */
  let uncounted = 0;

  function clientFor(
    connection: Connection,
    priorityOf: () => Priority = () => priority,
    inlineWaitMs = maxInlineWaitMs,
  ): ApiClient {
    return createApiClient({
      baseUrl: connection.baseUrl,
      getApiKey: () => connection.apiKey,
      now,
      timeoutMs,
      fetch: budgetedFetch({
        store: budget,
        priority: priorityOf,
        fetch: deps.fetch ?? globalThis.fetch.bind(globalThis),
        sleep,
        now,
        maxInlineWaitMs: inlineWaitMs,
        onUncounted: (count) => {
          uncounted += count;
        },
      }),
      onRateLimit: (info, status) => budget.observe(info, status),
    });
  }

  /** Entries left in flight by a worker that was stopped: their outcome is unknown. */
  async function recoverInflight(): Promise<void> {
    await db.outbox
      .where('state')
      .equals('inflight')
      .modify((e) => {
        e.state = 'pending';
        if (e.op !== 'create') return;
        e.ambiguous = true;
        // The stopped worker's request may still be running on the service: looking for the record
        // before it is written would send the create twice. Wait as for a timed-out create.
        if (e.sentAt !== undefined) e.notBefore = Math.max(e.notBefore, e.sentAt + 2 * timeoutMs);
      });
  }

  /** The next entry that may go: ready, due, and with nothing earlier of its record still queued. */
  async function nextEntry(): Promise<{ entry: OutboxEntry | null; nextDue: number | null }> {
    const all = await db.outbox.orderBy('seq').toArray();
    const blockedKeys = new Set<string>();
    let best: OutboxEntry | null = null;
    let nextDue: number | null = null;
    const t = now();
    for (const entry of all) {
      const earlierBlocks = blockedKeys.has(entry.key);
      blockedKeys.add(entry.key);
      if (entry.state === 'failed' || earlierBlocks || !isReady(entry)) continue;
      if (entry.notBefore > t) {
        nextDue = Math.min(nextDue ?? Infinity, entry.notBefore);
        continue;
      }
      if (!best || entry.priority < best.priority) best = entry;
    }
    return { entry: best, nextDue };
  }

  async function settle(entry: OutboxEntry, changes: Partial<OutboxEntry> | 'done', sentTwice = false): Promise<void> {
    const tables = entry.entity === 'account' ? [db.outbox] : [db.outbox, db.table(tableOf[entry.entity])];
    await db.transaction('rw', tables, async () => {
      if (changes === 'done') await db.outbox.delete(entry.seq!);
      else await db.outbox.update(entry.seq!, changes);
      // Kept with the record, in the same transaction, so a worker stopped now loses nothing of it.
      if (sentTwice) await db.table(tableOf[entry.entity]).update(entry.key, { sentTwice: entry.payload });
      if (entry.entity !== 'account') await refreshSyncState(db, entry.entity, entry.key);
    });
  }

  /** Sends one entry. Returns 'stop' when the drain should end (offline, key refused, long wait). */
  /**
   * Marks the entry as on the wire and returns it as it is now. In one transaction with the read:
   * a page may have folded an edit into it, or dropped it, since `nextEntry` looked; sending the
   * older copy would lose that edit or send what was deleted.
   */
  async function claim(seq: number): Promise<OutboxEntry | null> {
    return db.transaction('rw', db.outbox, async () => {
      const current = await db.outbox.get(seq);
      if (current?.state !== 'pending' || !isReady(current)) return null;
      const sentAt = now();
      await db.outbox.update(seq, { state: 'inflight', sentAt });
      return { ...current, state: 'inflight', sentAt };
    });
  }

  /** A create whose sending, now or in an earlier attempt, showed the browser's own resend. */
  const resentNow = (entry: OutboxEntry) => entry.op === 'create' && (entry.resent === true || uncounted > 0);

  async function step(api: ApiClient, next: OutboxEntry, report: DrainReport): Promise<'continue' | 'stop'> {
    const entry = await claim(next.seq!);
    if (!entry) return 'continue';
    priority = entry.priority;
    uncounted = 0;
    try {
      const { madeTwice } = await execute(db, api, entry);
      networkFailures = 0;
      // The mark serves only to delete a copy later, so only kinds the API can delete keep it.
      await settle(entry, 'done', (resentNow(entry) || madeTwice) && removable(entry.entity));
      report.sent += 1;
      deps.onEvent?.({ type: 'sent', entry });
      return 'continue';
    } catch (error) {
      if (error instanceof BudgetWait) {
        await db.outbox.update(entry.seq!, { state: 'pending' });
        report.wakeAt = error.until;
        deps.onEvent?.({ type: 'waiting', until: error.until });
        return 'stop';
      }
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError({
              kind: 'bad-response',
              message: `Unexpected failure: ${String((error as Error)?.message ?? error)}`.slice(0, 300),
              retryable: false,
            });
      // Resent by the browser, then failed: the first copy may stand on the service. Look for it
      // before sending again, as after any answer that never came.
      return handleFailure(resentNow(entry) ? { ...entry, ambiguous: true, resent: true } : entry, failure, report);
    } finally {
      priority = 1;
    }
  }

  async function handleFailure(entry: OutboxEntry, error: ApiError, report: DrainReport): Promise<'continue' | 'stop'> {
    const ambiguous = entry.ambiguous || (entry.op === 'create' && error.ambiguous);
    const resent = entry.resent;
    if (error.kind === 'auth') {
      // Not this change's fault: every request would be refused. Keep it and wait for a new key.
      await db.outbox.update(entry.seq!, { state: 'pending', ambiguous, resent });
      await db.meta.put({ key: 'auth-refused', value: { at: now(), message: error.message } });
      deps.onEvent?.({ type: 'auth-refused', error });
      return 'stop';
    }
    // An answer that keeps coming back unreadable is not a passing fault: ask the person.
    const unreadable = error.kind === 'bad-response' ? (entry.unreadable ?? 0) + 1 : 0;
    if (!error.retryable || unreadable >= UNREADABLE_ANSWERS_BEFORE_FAILING) {
      await settle(entry, { state: 'failed', error: error.toJSON(), ambiguous, resent, unreadable: 0 });
      report.failed += 1;
      deps.onEvent?.({ type: 'failed', entry, error });
      return 'continue';
    }
    const attempts = entry.attempts + 1;
    let at = error.kind === 'rate-limited' ? (error.retryAt ?? now() + 60_000) : now() + backoffDelay(attempts, random);
    // A timed-out create may still be running on the service: look for it only once it must have finished.
    if (ambiguous && error.kind === 'timeout') at = Math.max(at, now() + 2 * timeoutMs);
    await settle(entry, {
      state: 'pending',
      attempts,
      notBefore: at,
      ambiguous,
      resent,
      unreadable,
      error: error.toJSON(),
    });
    deps.onEvent?.({ type: 'retry', entry, error, at });
    if (error.kind === 'network' && !isOnline()) {
      deps.onEvent?.({ type: 'offline' });
      report.wakeAt = at;
      return 'stop';
    }
    // One dropped connection says little; three in a row mean the service is out of reach, and every
    // further request would fail alike: stop until this entry is due again.
    if (error.kind === 'network' && ++networkFailures >= NETWORK_FAILURES_BEFORE_PAUSE) {
      report.wakeAt = at;
      return 'stop';
    }
    return 'continue';
  }

  async function runDrain(): Promise<DrainReport> {
    const report: DrainReport = { ran: true, sent: 0, failed: 0, wakeAt: null };
    networkFailures = 0;
    await refreshTimeout();
    await recoverInflight();
    for (let i = 0; i < MAX_STEPS; i++) {
      if (!isOnline()) {
        deps.onEvent?.({ type: 'offline' });
        report.wakeAt = now() + 30_000;
        break;
      }
      const connection = await deps.connection();
      if (!connection) break;
      await refreshTimeout();
      const api = clientFor(connection);
      const { entry, nextDue } = await nextEntry();
      if (entry) {
        if ((await step(api, entry, report)) === 'stop') break;
        continue;
      }
      if (await pullInProgress(db)) {
        priority = 2;
        try {
          await pullStep(db, api, now);
          continue;
        } catch (error) {
          if (error instanceof BudgetWait) report.wakeAt = error.until;
          else if (error instanceof ApiError)
            report.wakeAt = now() + (error.retryAt ? error.retryAt - now() : backoffDelay(1, random));
          else throw error;
          break;
        } finally {
          priority = 1;
        }
      }
      if (nextDue !== null) {
        const wait = nextDue - now();
        if (wait <= maxInlineWaitMs) {
          await sleep(Math.max(1, wait));
          continue;
        }
        report.wakeAt = nextDue;
      }
      break;
    }
    if (report.wakeAt !== null) deps.wakeAt?.(report.wakeAt);
    return report;
  }

  return {
    /** Sends what is queued, then pulls if a pull is under way. One drain at a time. */
    async drain(): Promise<DrainReport> {
      let last: DrainReport = { ran: false, sent: 0, failed: 0, wakeAt: null };
      rerun = true;
      const result = await exclusive(async () => {
        // A kick that arrives while this drain runs is served by one more round, not lost.
        while (rerun) {
          rerun = false;
          const r = await runDrain();
          last = { ...r, sent: last.sent + r.sent, failed: last.failed + r.failed };
          if (r.wakeAt !== null) break;
        }
        return last;
      });
      return result ?? { ran: false, sent: 0, failed: 0, wakeAt: null };
    },
    /** Queues a full refresh of the mirror; the next drain performs it. */
    async requestPull(): Promise<void> {
      await requestPull(db, now());
    },
    /**
     * A read someone is looking at (quick stats), first in the budget (priority 0). It never waits
     * for the rate limit: when the budget is spent it fails at once and the mirror's values stay.
     */
    async interactive<T>(fn: (api: ApiClient) => Promise<T>): Promise<T> {
      const connection = await deps.connection();
      if (!connection)
        throw new ApiError({ kind: 'auth', message: 'Not connected. Open Settings to connect.', retryable: false });
      await refreshTimeout();
      try {
        return await fn(clientFor(connection, () => 0, 0));
      } catch (error) {
        if (!(error instanceof BudgetWait)) throw error;
        const seconds = Math.ceil((error.until - now()) / 1000);
        throw new ApiError({
          kind: 'rate-limited',
          retryAt: error.until,
          message: `The request budget is spent; fresh numbers in ${seconds} s.`,
        });
      }
    },
    budget,
  };
}
export type SyncEngine = ReturnType<typeof createSyncEngine>;

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
