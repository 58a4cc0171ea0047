import { type ApiClient, createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import { type Fetch, platformFetch } from '../api/fetch';
import type { LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import type { SendContext } from '../kinds/kind';
import type { DrainReport, OwnReport } from '../messages/reports';
import { pullInProgress, requestPull } from '../refresh/pull';
import { FRESH_FOR_MS, type ShownTarget } from '../refresh/shown';
import type { Claimed } from '../sync/outbox';
import { changeEntry, claim, recoverInflight, settle, unclaim } from '../sync/outbox';
import { nextEntry } from '../sync/queue';
import { sendEntry } from '../sync/send';
import { words } from '../words';
import { BudgetStore, BudgetWait } from './budget-store';
import { COPY_PRIORITY } from './copy-hold';
import { planRefresh } from './plan';
import { afterFailure } from './policy';
import { type BudgetLook, type ClientFor, createRefreshRunner, PLAIN_LOOK, type RefreshRun } from './runner';

export interface Connection {
  baseUrl: string;
  apiKey: string;
  /**
   * True while what it was read from is known not to have changed since (the worker counts
   * storage's change events): a request then goes without reading it again. Without it, every
   * request reads the connection again before it goes.
   */
  unchanged?: () => boolean;
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
  /** Read for every step, so a changed setting applies at once. */
  timeoutMs?: () => number | Promise<number>;
  /** Percent of the hourly allowance background refresh may use (Settings; default 10). */
  sharePercent?: () => number | Promise<number>;
  /** Ms after which what a page shows is refreshed again (default FRESH_FOR_MS). */
  freshForMs?: () => number | Promise<number>;
}

/** One dropped connection says little; this many in a row mean the service is out of reach. */
const NETWORK_FAILURES_BEFORE_PAUSE = 3;
/** Stops a drain that would otherwise spin: each step sends at most a few requests. */
const MAX_STEPS = 5_000;
/** Longer waits for a change or a requested copy are not slept through: the drain ends and asks to be woken. */
const MAX_INLINE_WAIT_MS = 65_000;
/** The same for background refresh. */
const MAX_INLINE_REFRESH_WAIT_MS = 2_000;

/** How one request for an entry ended: sent, back in the queue to wait for the budget, or failed. */
type Delivery = { sent: true } | { wait: number } | { failure: ApiError; changes: Partial<Queued> };

/**
 * The drain loop: sends the outbox in order, one request at a time inside the budget, then refreshes
 * the mirror. All it needs is in IndexedDB, so a worker stopped at any moment continues on its next start.
 */
export function createSyncEngine(deps: EngineDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const random = deps.random ?? Math.random;
  const exclusive = deps.exclusive ?? localMutex();
  const isOnline = deps.isOnline ?? (() => true);
  const budget = new BudgetStore(db, now);
  const refresher = createRefreshRunner(db, now, random);
  const timeout = async () => (await deps.timeoutMs?.()) ?? 15_000;
  let rerun = false;
  /** Own changes on the wire beside a drain: its recovery of entries left in flight passes them over. */
  const sending = new Set<number>();

  // A drain that waits (for the budget's reset, a backoff) wakes when someone kicks it: the change
  // just queued goes at once instead of after the wait.
  let kick = () => {};
  // Kicked, a running drain looks at the whole queue again, not from its floor: a page may have put a
  // change back below it (a refusal corrected, a conflict settled), which would else wait for the
  // drain to end, and a drain that keeps waiting on a failing change may not end for minutes.
  let lookFromStart = false;
  const nap = (ms: number) =>
    Promise.race([
      sleep(ms),
      new Promise<void>((resolve) => {
        kick = resolve;
      }),
    ]);

  /** Clients whose every request asks the budget first, at the priority of who is waiting for it. */
  const clientsFor =
    (connection: Connection, timeoutMs: number, inlineWaitMs = 0): ClientFor =>
    (priority, use, look) => {
      // Called as a plain function: a browser's fetch throws "Illegal invocation" on any other `this`.
      const send = deps.fetch ?? platformFetch;
      return createApiClient({
        baseUrl: connection.baseUrl,
        getApiKey: () => connection.apiKey,
        now,
        timeoutMs,
        fetch: async (input, init) => {
          const { atOnce, room } = look?.() ?? PLAIN_LOOK;
          await budget.take(priority, use, atOnce ? 0 : inlineWaitMs, sleep, room);
          // The wait (or the read before a write) may outlast the connection: one removed or pointed
          // elsewhere meanwhile gets nothing, above all not its old key. Nothing was sent, so the change
          // waits (as for a new key). Read again only when it may have changed: a read of storage is a
          // trip through the browser, milliseconds on the way of every request.
          if (!connection.unchanged?.()) {
            const still = await deps.connection();
            if (still?.baseUrl !== connection.baseUrl || still.apiKey !== connection.apiKey)
              throw new ApiError({ kind: 'auth', message: words('syncProblem.notConnected'), retryable: false });
          }
          return send(input, init);
        },
        onRateLimit: (info, status) => budget.observe(info, status),
      });
    };

  /**
   * A read someone is looking at (quick stats), first in the budget (priority 0). It never waits
   * for the rate limit: when the budget is spent it fails at once and the mirror's values stay.
   */
  async function interactive<T>(fn: (api: ApiClient) => Promise<T>): Promise<T> {
    const connection = await deps.connection();
    if (!connection) throw new ApiError({ kind: 'auth', message: words('syncProblem.notConnected'), retryable: false });
    try {
      return await fn(clientsFor(connection, await timeout())(0, 'user'));
    } catch (error) {
      if (!(error instanceof BudgetWait)) throw error;
      const seconds = Math.ceil((error.until - now()) / 1000);
      throw new ApiError({
        kind: 'rate-limited',
        retryAt: error.until,
        message: words('syncProblem.budgetSpent', { seconds }),
      });
    }
  }

  /** Sends a claimed entry and settles it: done, back to pending for the budget, or as the failure policy says. */
  async function deliver(
    entry: OutboxEntry,
    clients: ClientFor,
    timeoutMs: number,
    answered?: SendContext['answered'],
  ): Promise<Delivery> {
    try {
      // The read before a write goes with room for both; the one request after it (its write) goes
      // at once or not at all; any after that may wait as before, so an answer read back after the
      // write cannot leave the write to be sent again.
      let look: BudgetLook = PLAIN_LOOK;
      const next = () => {
        const once = look;
        look = PLAIN_LOOK;
        return once;
      };
      const api = clients(entry.priority, entry.priority ? 'outbox' : 'user', next);
      const writeAtOnce = () => {
        look = { atOnce: true, room: 1 };
      };
      const readToWrite = () => {
        look = { atOnce: false, room: 2 };
      };
      await sendEntry({ db, api, now, answered, writeAtOnce, readToWrite }, entry);
      return { sent: true };
    } catch (error) {
      if (error instanceof BudgetWait) {
        await changeEntry(db, entry.seq!, { state: 'pending' });
        return { wait: error.until };
      }
      const failure = error instanceof ApiError ? error : unexpected(error);
      const changes = afterFailure(entry, failure, now(), { timeoutMs, random });
      await settle(db, entry, changes);
      return { failure, changes };
    }
  }

  /**
   * A person's own changes (priority 0), queued claimed by the page that made them (`enqueue`),
   * sent now beside whatever a drain is doing (a refresh on the wire, a wait for the budget). The
   * report comes as soon as each has its answer: what follows from an answer in the mirror is written
   * after it, as the drain would (a create's row is on its way, `made` has what the service said).
   * What cannot go at once (offline, a backoff, a spent budget) goes back to the queue for the drain.
   */
  function sendOwn(entries: readonly Claimed[]): Promise<OwnReport> {
    const report: OwnReport = { sent: 0, failed: 0, wakeAt: null, sentKeys: [], made: {} };
    // At once, ahead of any drain's recovery of what is in flight.
    for (const { seq } of entries) sending.add(seq);
    return new Promise((resolve) => {
      let waiting = entries.length;
      const answered: SendContext['answered'] = (key, fields) => {
        report.made[key] = fields;
        if (--waiting === 0) resolve(report);
      };
      sendHanded(entries, report, answered)
        .catch((e: unknown) => console.error('Linkpilot: sending a change failed', e))
        .finally(() => {
          for (const { seq } of entries) sending.delete(seq);
          resolve(report);
        });
    });
  }

  async function sendHanded(own: readonly Claimed[], report: OwnReport, answered: SendContext['answered']) {
    // Read in a transaction of its own: IndexedDB runs it after the page's, which may still be committing.
    const [entries, connection, timeoutMs] = await Promise.all([
      db.outbox.bulkGet(own.map((e) => e.seq)),
      isOnline() ? deps.connection() : null,
      timeout(),
    ]);
    const handed = entries.filter((e, i) => e?.state === 'inflight' && e.key === own[i]!.key) as OutboxEntry[];
    if (!connection) return unclaim(db, handed);
    for (const [i, entry] of handed.entries()) {
      const outcome = await deliver(entry, clientsFor(connection, timeoutMs), timeoutMs, answered);
      sending.delete(entry.seq!);
      if ('sent' in outcome) {
        report.sent += 1;
        report.sentKeys.push(entry.key);
        continue;
      }
      if ('changes' in outcome && outcome.changes.state === 'failed') report.failed += 1;
      // A refusal is this change's own; a wait or an unreachable service holds back the rest too.
      if ('failure' in outcome && outcome.failure.kind === 'validation') continue;
      await unclaim(db, handed.slice(i + 1));
      break;
    }
  }

  async function runDrain(): Promise<DrainReport> {
    const report: DrainReport = { sent: 0, failed: 0, wakeAt: null };
    let networkFailures = 0;
    let floor = 0;
    /** When entries a page may be handing over are to be looked at again (see recoverInflight). */
    let recheck = await recoverInflight(db, now(), await timeout(), sending);

    /** Waits for `at` here when it is near (a kick ends the wait early); else returns it, ending the drain. */
    async function waitUntil(at: number, inline: number): Promise<number | undefined> {
      if (at - now() > inline) return at;
      await nap(Math.max(1, at - now()));
    }

    /** Sends one entry. Returns when to wake up (null: when something changes) if the drain should end. */
    async function send(seq: number, clients: ClientFor, timeoutMs: number): Promise<number | null | undefined> {
      const entry = await claim(db, seq, now());
      if (!entry) return;
      const outcome = await deliver(entry, clients, timeoutMs);
      if ('sent' in outcome) {
        networkFailures = 0;
        report.sent += 1;
        return;
      }
      // Back below the floor, but this drain ends here.
      if ('wait' in outcome) return outcome.wait;
      const { failure, changes } = outcome;
      if (changes.state === 'failed') report.failed += 1;
      if (failure.kind === 'auth') return null;
      // Every further request would fail alike: stop until this entry is due again.
      if (failure.kind === 'network' && (!isOnline() || ++networkFailures >= NETWORK_FAILURES_BEFORE_PAUSE))
        return changes.notBefore ?? null;
    }

    /** One step: a change sent, a refresh request, or a wait. Returns, like `send`, when the drain should end. */
    async function step(): Promise<number | null | undefined> {
      if (!isOnline()) return now() + 30_000;
      const connection = await deps.connection();
      if (!connection) return null;
      const timeoutMs = await timeout();
      if (recheck !== null && recheck <= now()) recheck = await recoverInflight(db, now(), timeoutMs, sending);
      const pulling = await pullInProgress(db);
      // Outbox before pull: if the pull is to send a request now, a change held back only because
      // the service was out of reach goes instead; it tells as well whether the service is back.
      if (lookFromStart) {
        lookFromStart = false;
        floor = 0;
      }
      const next = await nextEntry(db, now(), floor, pulling && networkFailures === 0);
      floor = next.floor ?? floor;
      if (next.entry) return send(next.entry.seq!, clientsFor(connection, timeoutMs, MAX_INLINE_WAIT_MS), timeoutMs);
      // Background requests never sleep inside a request: the wait is here, where a kick ends it.
      const wait = pulling ? await budget.waitFor(COPY_PRIORITY) : 0;
      if (wait > 0) return waitUntil(now() + wait, MAX_INLINE_WAIT_MS);
      const requested: RefreshRun = { type: 'requested' };
      const freshForMs = (await deps.freshForMs?.()) ?? FRESH_FOR_MS;
      const plan = pulling
        ? { task: requested, wakeAt: null }
        : await planRefresh(db, now(), {
            budget: await budget.get(),
            sharePercent: (await deps.sharePercent?.()) ?? 10,
            busy: refresher.busy(freshForMs),
            freshForMs,
          });
      if (plan.task) {
        const outcome = await refresher.step(plan.task, clientsFor(connection, timeoutMs));
        return outcome === 'continue' ? undefined : outcome;
      }
      const wake = Math.min(next.nextDue ?? Infinity, plan.wakeAt ?? Infinity, recheck ?? Infinity);
      if (wake === Infinity) return null;
      return waitUntil(wake, wake === plan.wakeAt ? MAX_INLINE_REFRESH_WAIT_MS : MAX_INLINE_WAIT_MS);
    }

    for (let i = 0; i < MAX_STEPS; i++) {
      const stop = await step();
      if (stop === undefined) continue;
      report.wakeAt = stop;
      break;
    }
    if (report.wakeAt !== null) deps.wakeAt?.(report.wakeAt);
    return report;
  }

  return {
    /** Sends what is queued, then refreshes the mirror as planned. One drain at a time. */
    async drain(): Promise<DrainReport> {
      let last: DrainReport = { sent: 0, failed: 0, wakeAt: null };
      rerun = true;
      lookFromStart = true;
      kick();
      // A kick that arrives while this drain runs is served by one more round, not lost; one that
      // arrives after the last round, while the lock is being let go, found the lock taken and left
      // its round to the holder, which looks once more after letting go.
      while (rerun) {
        const held = await exclusive(async () => {
          while (rerun) {
            rerun = false;
            const r = await runDrain();
            last = { ...r, sent: last.sent + r.sent, failed: last.failed + r.failed };
          }
          // A drained worker may stop: what it learnt of the budget is on disk first.
          await budget.saved();
          return true;
        });
        if (!held) break;
      }
      return last;
    },
    sendOwn,
    /** Queues a full refresh of the mirror; the next drain performs it. */
    async requestPull(): Promise<void> {
      await requestPull(db, now());
    },
    /** Refreshes what a page has just opened, or asks for again (a link's statistics, say), first in the budget. */
    refresh: (target: ShownTarget) => refresher.refresh(target, interactive),
    interactive,
    budget,
    /** The engine's clock, for what the worker writes on its behalf. */
    now,
  };
}

function unexpected(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({
    kind: 'bad-response',
    message: words('syncProblem.unexpected', { message: message.slice(0, 280) }),
    retryable: false,
  });
}

/** In one context, a simple "skip if busy" lock; the worker passes navigator.locks instead. */
function localMutex() {
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
