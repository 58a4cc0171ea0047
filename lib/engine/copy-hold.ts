import type { Reachability } from '../sync/reachability';
import { type Budget, type Priority, waitFor } from './budget';

/** Why a copy under way is not moving now, for the person looking at it; null while it moves. */
export type CopyHold =
  | { reason: 'offline' }
  | { reason: 'unreachable' }
  | { reason: 'keyRefused' }
  | { reason: 'allowance'; until: number }
  | null;

/** A copy is background work: the engine asks the budget at this priority before each page. */
export const COPY_PRIORITY: Priority = 2;

/**
 * Pure: offline first (nothing is tried), then a service that did not answer, then one that refused the
 * key (every page would be refused until a key it takes is given), then the budget's wait.
 */
export function copyHold(budget: Budget | null, reach: Reachability | null, online: boolean, now: number): CopyHold {
  if (!online) return { reason: 'offline' };
  if (reach?.reachable === false) return { reason: 'unreachable' };
  if (reach?.keyRefused) return { reason: 'keyRefused' };
  const wait = budget ? waitFor(budget, COPY_PRIORITY, now) : 0;
  return wait > 0 ? { reason: 'allowance', until: now + wait } : null;
}
