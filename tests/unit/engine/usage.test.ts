import { describe, expect, it } from 'vitest';
import { countUse, HOUR_MS, usedInLastHour } from '@/lib/engine/usage';

const T = Date.UTC(2026, 10, 22, 12);

describe('the hour’s usage', () => {
  it('counts requests by purpose in one-minute buckets, and forgets what is older than an hour', () => {
    let usage = countUse(undefined, T, 'refresh');
    usage = countUse(usage, T + 10_000, 'refresh');
    usage = countUse(usage, T + 70_000, 'user');
    expect(usage).toHaveLength(2);
    expect(usedInLastHour(usage, T + 80_000)).toBe(3);
    expect(usedInLastHour(usage, T + 80_000, ['refresh'])).toBe(2);
    usage = countUse(usage, T + HOUR_MS + 1, 'outbox');
    expect(usedInLastHour(usage, T + HOUR_MS + 1)).toBe(2);
    expect(usage.map((b) => b[0])).toEqual([T + 60_000, T + HOUR_MS]);
  });
});
