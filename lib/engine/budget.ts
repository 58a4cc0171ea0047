import { DEFAULT_LIMIT, DEFAULT_WINDOW_MS, type RateLimitInfo } from '../api/rate-limit';
import { countUse, type UsageBucket, type Use, usedSince } from './usage';

/**
 * The request budget, as pure functions (budget-store.ts keeps it): updated from every response's
 * headers; between responses it counts what it sent itself.
 */
export interface Budget {
  limit: number;
  /** What the service last said is left, minus what we sent since; null when it never said. */
  remaining: number | null;
  /** When the service's window ends (epoch ms); null when unknown. */
  resetAt: number | null;
  /** Our own send times within the last window: the fallback when the service sends no headers. */
  sent: number[];
  /** When `remaining` was last heard from the service. */
  observedAt: number | null;
  /** What was sent in the last hour, by purpose (absent in budgets stored before it was kept). */
  usage?: UsageBucket[];
}

/** Who is asking: the user waiting (0), the outbox (1), background refresh (2). */
export type Priority = 0 | 1 | 2;

/**
 * Requests kept back from each priority, so background work slows down before the budget is
 * spent and a person who clicks "shorten" is not kept waiting behind a pull.
 */
export const RESERVE: Record<Priority, number> = { 0: 0, 1: 1, 2: 3 };

export const initialBudget = (): Budget => ({
  limit: DEFAULT_LIMIT,
  remaining: null,
  resetAt: null,
  sent: [],
  observedAt: null,
});

function prune(budget: Budget, now: number): Budget {
  const sent = budget.sent.filter((t) => t > now - DEFAULT_WINDOW_MS);
  if (budget.resetAt !== null && now >= budget.resetAt) {
    // A new window has begun: the service's count starts over, ours is all we know.
    return { ...budget, remaining: null, resetAt: null, sent: [] };
  }
  if (budget.resetAt === null && budget.observedAt !== null && now - budget.observedAt >= DEFAULT_WINDOW_MS) {
    // A count without a reset time cannot be trusted beyond one default window.
    return { ...budget, remaining: null, observedAt: null, sent };
  }
  return sent.length === budget.sent.length ? budget : { ...budget, sent };
}

/** Requests that may still be sent in this window. */
export function available(budget: Budget, now: number): number {
  const b = prune(budget, now);
  if (b.remaining !== null) return b.remaining;
  return Math.max(0, b.limit - b.sent.length);
}

/** A person used the extension this recently: background work leaves them a third of the minute. */
export const PERSON_ACTIVE_MS = 2 * 60_000;

/**
 * Requests kept back from a priority now: background work keeps a third of the limit free while
 * a person is using the extension (shortening page after page), else its usual few.
 */
function reserveFor(budget: Budget, priority: Priority, now: number): number {
  if (priority !== 2 || usedSince(budget.usage, now - PERSON_ACTIVE_MS, 'user') === 0) return RESERVE[priority];
  return Math.max(RESERVE[2], Math.ceil(budget.limit / 3));
}

/**
 * Milliseconds until a request of this priority may go out (0 = now), with room in the window for
 * `room` requests in a row (a read and the write that follows it); never more than the window holds.
 */
export function waitFor(budget: Budget, priority: Priority, now: number, room = 1): number {
  const b = prune(budget, now);
  const reserve = reserveFor(b, priority, now);
  const needed = Math.max(1, Math.min(room, b.limit - reserve));
  if (available(b, now) - reserve >= needed) return 0;
  if (b.resetAt !== null) return Math.max(1, b.resetAt - now);
  // No reset known: wait until enough of our own sends have left the default window.
  const need = b.sent.length - (b.limit - reserve - needed);
  const oldest = [...b.sent].sort((x, y) => x - y)[Math.max(0, need - 1)];
  return oldest === undefined ? DEFAULT_WINDOW_MS : Math.max(1, oldest + DEFAULT_WINDOW_MS - now);
}

/**
 * Own sends kept at most: only the fallback reads them (when the service gives no count), and the
 * documented limit is 30 a minute. Every one kept is written with the budget on each request.
 */
const SENDS_KEPT = 100;

/** Counts a request as it is sent, and what it was for. */
export function spend(budget: Budget, now: number, use: Use = 'user'): Budget {
  const b = prune(budget, now);
  const remaining = b.remaining === null ? null : Math.max(0, b.remaining - 1);
  return { ...b, remaining, sent: [...b.sent.slice(1 - SENDS_KEPT), now], usage: countUse(b.usage, now, use) };
}

/** Takes in what a response's headers said. A 429 means nothing is left until it may be retried. */
export function observe(budget: Budget, info: RateLimitInfo, status: number, now: number): Budget {
  const b = prune(budget, now);
  if (status === 429) {
    const until = info.retryAt ?? info.resetAt ?? now + DEFAULT_WINDOW_MS;
    return { ...b, limit: info.limit, remaining: 0, resetAt: Math.max(until, now + 1), observedAt: now };
  }
  if (info.source === 'default') return b;
  return {
    ...b,
    limit: info.limit,
    remaining: info.remaining ?? b.remaining,
    resetAt: info.resetAt ?? b.resetAt,
    observedAt: info.remaining !== null ? now : b.observedAt,
  };
}
