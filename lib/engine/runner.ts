import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
import { headStep } from '../refresh/head';
import { pullStep, startReconcile } from '../refresh/pull';
import { FRESH_FOR_MS, type ShownTarget, targetId } from '../refresh/shown';
import { refreshTarget } from '../refresh/shown-refresh';
import { backoffDelay } from './backoff';
import type { Priority } from './budget';
import { BudgetWait } from './budget-store';
import type { RefreshTask } from './plan';
import type { Use } from './usage';

/**
 * An API client whose requests are counted in the budget at this priority and use. They wait for it
 * as long as the engine lets them; `look`, asked before each request, says when one may not wait at
 * all (a write right after its read), or must find room for the one after it too (that read).
 */
export type ClientFor = (priority: Priority, use: Use, look?: () => BudgetLook) => ApiClient;

/** How a request looks at the budget: whether it may wait for it, and how many requests in a row it needs. */
export interface BudgetLook {
  atOnce: boolean;
  room: number;
}

/** A request on its own, which may wait. */
export const PLAIN_LOOK: BudgetLook = { atOnce: false, room: 1 };

/** A refresh request the engine sends: one the plan chose, or the next of a full copy someone asked for. */
export type RefreshRun = RefreshTask | { type: 'requested' };

/**
 * The refresh requests of the sync engine, sent one at a time once no queued change may go, and the
 * refreshes pages ask for. Remembers what is on screen and was refreshed (or tried) lately, so the
 * plan does not ask for it again meanwhile, and joins a page's refresh that is already on the wire.
 */
export function createRefreshRunner(db: LinkpilotDb, now: () => number, random: () => number) {
  const attempted = new Map<string, number>();
  const inflight = new Map<string, Promise<void>>();
  return {
    /** Targets refreshed or tried within the freshness window, by targetId. */
    busy(freshForMs = FRESH_FOR_MS): Set<string> {
      for (const [id, at] of attempted) if (now() - at >= freshForMs) attempted.delete(id);
      return new Set(attempted.keys());
    },

    /**
     * Sends one request. Returns 'continue', or when to look again after a failure (the drain ends
     * until then). A full copy someone asked for that meets a spent budget continues: the engine waits.
     */
    async step(run: RefreshRun, client: ClientFor): Promise<'continue' | number> {
      try {
        if (run.type === 'shown') {
          attempted.set(targetId(run.target), now());
          // The person's own request, but it leaves the last one of the minute to a shorten.
          await refreshTarget(db, client(1, 'user'), run.target, now);
        } else if (run.type === 'sample') {
          attempted.set(targetId(run.target), now());
          await refreshTarget(db, client(2, 'refresh'), run.target, now);
        } else if (run.type === 'requested') await pullStep(db, client(2, 'requested'), now, 'requested');
        else if (run.type === 'head') await headStep(db, client(2, 'refresh'), run.list, now());
        else if (!(await pullStep(db, client(2, 'refresh'), now, 'reconcile'))) await startReconcile(db, now());
        return 'continue';
      } catch (error) {
        if (error instanceof BudgetWait) return run.type === 'requested' ? 'continue' : error.until;
        if (!(error instanceof ApiError)) throw error;
        // What is on screen is tried again at its next turn; the rest of the refresh carries on.
        return run.type === 'shown' ? 'continue' : (error.retryAt ?? now() + backoffDelay(1, random));
      }
    },

    /** Refreshes what a page shows, through `interactive` (first in the budget, never waiting for it). */
    refresh(target: ShownTarget, interactive: (fn: (api: ApiClient) => Promise<void>) => Promise<void>) {
      const id = targetId(target);
      const running = inflight.get(id);
      if (running) return running;
      attempted.set(id, now());
      const request = interactive((api) => refreshTarget(db, api, target, now)).finally(() => inflight.delete(id));
      inflight.set(id, request);
      return request;
    },
  };
}
