import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { formatTime } from '@/components/ui/format';
import { database } from '@/lib/db/open';
import { COLLECTIONS, type PullCursor, type PullStatus, pullStatusKey, RECONCILE_CURSOR_KEY } from '@/lib/refresh/pull';
import { refreshShareItem } from '@/lib/settings/refresh';
import { available, type Budget } from '@/lib/sync/budget';
import { BUDGET_META_KEY } from '@/lib/sync/budget-store';
import { outboxCounts } from '@/lib/sync/status';
import { FRESHNESS_LABEL, freshness, hourUsage } from './freshness';

/**
 * The allowance now and in the last hour, the queue's counts, and how fresh each kind of data is:
 * when its newest records were last checked, and how far the slow full check has got.
 */
export function SyncStatus() {
  const db = database();
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const budget = useLiveQuery(async () => (await db.meta.get(BUDGET_META_KEY))?.value as Budget | undefined);
  const counts = useLiveQuery(() => outboxCounts(db));
  const pulls = useLiveQuery(
    () =>
      Promise.all(
        COLLECTIONS.map(
          async (c) => [c, (await db.meta.get(pullStatusKey(c)))?.value as PullStatus | undefined] as const,
        ),
      ),
    [],
    [],
  );
  const walk = useLiveQuery(
    async () => ((await db.meta.get(RECONCILE_CURSOR_KEY))?.value as PullCursor | null | undefined) ?? null,
    [],
    null,
  );
  const channels = useLiveQuery(() => db.channels.where('id').above(0).count(), [], 0);
  const share = useStorageItem(refreshShareItem);
  const resetIn = budget?.resetAt ? Math.max(0, Math.ceil((budget.resetAt - now) / 1000)) : null;
  return (
    <div className="stack" data-testid="sync-status">
      <p className="muted small-text">
        The service allows a number of requests each minute, shared by every app that uses your API key. Linkpilot keeps
        within it, and leaves room for your other tools.
      </p>
      <dl className="facts">
        <dt>Requests left this minute</dt>
        <dd data-testid="budget-remaining">
          {budget ? `${available(budget, now)} of ${budget.limit}` : 'Not known yet'}
        </dd>
        <dt>More allowed</dt>
        <dd>{resetIn !== null ? `in ${resetIn} s (${formatTime(budget!.resetAt!)})` : 'Not known yet'}</dd>
        <dt>Changes waiting</dt>
        <dd data-testid="count-pending">{counts?.pending ?? 0}</dd>
        <dt>Being sent</dt>
        <dd>{counts?.inflight ?? 0}</dd>
        <dt>Not accepted</dt>
        <dd data-testid="count-failed">{counts?.failed ?? 0}</dd>
      </dl>
      <p data-testid="hour-usage">
        {hourUsage(budget, now)} Background refresh may use up to {share.value} % of it (Settings).
      </p>
      <table className="data-table pulls">
        <caption className="visually-hidden">How fresh each kind of your data is in this browser</caption>
        <thead>
          <tr>
            <th scope="col">Your data</th>
            <th scope="col">How fresh</th>
          </tr>
        </thead>
        <tbody>
          {pulls.map(([collection, status]) => (
            <tr key={collection} data-testid={`freshness-${collection}`}>
              <td>{FRESHNESS_LABEL[collection]}</td>
              <td>{freshness(collection, status, walk, channels, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
