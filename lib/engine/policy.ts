import type { ApiError } from '../api/errors';
import type { OutboxEntry, Queued } from '../db/schema';
import { backoffDelay } from './backoff';

/** Unreadable answers in a row to one change before it is shown as refused. */
const UNREADABLE_ANSWERS_BEFORE_FAILING = 4;

interface PolicyLimits {
  /** The request timeout: a create that timed out may still be running on the service this long. */
  timeoutMs: number;
  random: () => number;
}

/**
 * What becomes of an entry whose request failed: back to the queue (at once, later, or to be looked
 * up first if it may have been made) or refused, for the person to decide.
 */
export function afterFailure(entry: OutboxEntry, error: ApiError, now: number, limits: PolicyLimits): Partial<Queued> {
  const ambiguous = entry.ambiguous || (entry.op === 'create' && error.ambiguous);
  // Not this change's fault: every request would be refused. It waits for a new key.
  if (error.kind === 'auth') return { state: 'pending', ambiguous };
  // An answer that keeps coming back unreadable is not a passing fault: ask the person.
  const unreadable = error.kind === 'bad-response' ? (entry.unreadable ?? 0) + 1 : 0;
  if (!error.retryable || unreadable >= UNREADABLE_ANSWERS_BEFORE_FAILING)
    return { state: 'failed', error: error.toJSON(), ambiguous, unreadable: 0 };
  const attempts = entry.attempts + 1;
  let notBefore =
    error.kind === 'rate-limited' ? (error.retryAt ?? now + 60_000) : now + backoffDelay(attempts, limits.random);
  // A timed-out create may still be running on the service: look for it only once it must have finished.
  if (ambiguous && error.kind === 'timeout') notBefore = Math.max(notBefore, now + 2 * limits.timeoutMs);
  return { state: 'pending', attempts, notBefore, ambiguous, unreadable, error: error.toJSON() };
}
