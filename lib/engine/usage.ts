/**
 * What the extension sent in the last hour, by purpose, in one-minute buckets (kept with the budget:
 * one write per request records both). user: someone is looking or waiting; outbox: changes made
 * here; refresh: head checks and the reconcile walk; requested: a full copy someone asked for.
 */
export const USES = ['user', 'outbox', 'refresh', 'requested'] as const;
export type Use = (typeof USES)[number];

/** [minute start (epoch ms), then one count per USES entry]. */
export type UsageBucket = [number, number, number, number, number];

const MINUTE = 60_000;
export const HOUR_MS = 3_600_000;

/** Counts one request of `use` at `now`; buckets older than an hour go. */
export function countUse(usage: readonly UsageBucket[] | undefined, now: number, use: Use): UsageBucket[] {
  const minute = now - (now % MINUTE);
  const kept = (usage ?? []).filter((b) => b[0] > now - HOUR_MS);
  const last = kept.at(-1);
  const bucket: UsageBucket = last?.[0] === minute ? [...last] : [minute, 0, 0, 0, 0];
  bucket[1 + USES.indexOf(use)]! += 1;
  return last?.[0] === minute ? [...kept.slice(0, -1), bucket] : [...kept, bucket];
}

/** Requests sent in the hour before `now`, of the given uses (all by default). */
export function usedInLastHour(
  usage: readonly UsageBucket[] | undefined,
  now: number,
  uses: readonly Use[] = USES,
): number {
  let total = 0;
  for (const bucket of usage ?? [])
    if (bucket[0] > now - HOUR_MS && bucket[0] <= now)
      for (const use of uses) total += bucket[1 + USES.indexOf(use)] ?? 0;
  return total;
}

/** Requests of `use` sent in the buckets from `since` on (minute-precise). */
export function usedSince(usage: readonly UsageBucket[] | undefined, since: number, use: Use): number {
  let total = 0;
  for (const bucket of usage ?? []) if (bucket[0] + 60_000 > since) total += bucket[1 + USES.indexOf(use)] ?? 0;
  return total;
}

/** The documented limit is per minute: an hour allows sixty times as many requests. */
export const hourlyAllowance = (limitPerMinute: number) => limitPerMinute * 60;
