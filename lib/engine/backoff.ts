/**
 * When to try a transiently failed change again: exponential from 2 s with jitter, capped at a
 * minute: a change waiting five minutes looks lost to the person who made it, and one retry a
 * minute costs little. A service that is down is not hammered: network failures pause the whole
 * drain, and 429s wait for the window's reset.
 */
const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 60_000;

export function backoffDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  // Half fixed, half random: never zero, never more than the ceiling.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
