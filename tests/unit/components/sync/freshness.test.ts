import { describe, expect, it } from 'vitest';
import { ago, freshness, hourUsage } from '@/components/sync/freshness';
import { initialBudget, spend } from '@/lib/engine/budget';
import { listProgress } from '@/lib/refresh/progress';

const NOW = Date.UTC(2026, 10, 22, 12);
const MIN = 60_000;

describe('the sync centre says how fresh the data is, in plain words', () => {
  it('how long ago', () => {
    expect([
      ago(NOW - 20_000, NOW),
      ago(NOW - 2 * MIN, NOW),
      ago(NOW - 3 * 60 * MIN, NOW),
      ago(NOW - 72 * 60 * MIN, NOW),
    ]).toEqual(['just now', '2 min ago', '3 h ago', '3 days ago']);
  });

  it('the newest records’ check, and how far the full check has got through this kind of data', () => {
    const status = { lastPull: NOW - 5 * 60 * MIN, page: 4, maxpage: 10, checkedAt: NOW - 2 * MIN };
    const walk = { collection: 'links' as const, page: 5, startedAt: NOW - 60 * MIN };
    expect(freshness(listProgress('links', status, walk, 0), NOW)).toBe('checked 2 min ago; full check 40 % done');
    expect(freshness(listProgress('channels', { ...status, lastPull: NOW - 50 * MIN }, walk, 0), NOW)).toBe(
      'checked 2 min ago; fully checked 50 min ago',
    );
    expect(freshness(listProgress('qrs', null, null, 0), NOW)).toBe('not checked yet');
    const items = { collection: 'channelItems' as const, page: 1, startedAt: NOW, channelQueue: [7, 8, 9] };
    expect(freshness(listProgress('channelItems', status, items, 4), NOW)).toBe(
      'checked 2 min ago; full check 25 % done',
    );
    // A walk that has only just reached a list (the account, one request) shows its last full check.
    const justStarted = { collection: 'account' as const, page: 1, startedAt: NOW };
    expect(freshness(listProgress('account', { ...status, maxpage: 1 }, justStarted, 0), NOW)).toBe(
      'checked 2 min ago; last fully checked 5 h ago',
    );
  });

  it('the share of the allowance used in the last hour, whatever the requests were for', () => {
    let budget = initialBudget();
    for (let i = 0; i < 54; i++) budget = spend(budget, NOW - 10 * MIN, i % 2 ? 'refresh' : 'user');
    expect(hourUsage(budget, NOW)).toBe('Linkpilot used 3 % of your API allowance in the last hour (54 requests).');
    expect(hourUsage(spend(initialBudget(), NOW, 'refresh'), NOW)).toBe(
      'Linkpilot used less than 1 % of your API allowance in the last hour (1 request).',
    );
    expect(hourUsage(undefined, NOW)).toBe('Linkpilot used 0 % of your API allowance in the last hour (0 requests).');
  });
});
