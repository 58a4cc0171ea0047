/**
 * When to try a transiently failed change again: exponential from 2 s, capped at 5 minutes,
 * with full jitter so many clients (or many entries) do not retry in lockstep.
 */
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_CAP_MS = 5 * 60_000;

export function backoffDelay(attempts: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  // Half fixed, half random: never zero, never more than the ceiling.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
