import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { database } from '@/lib/db/open';
import { available, type Budget } from '@/lib/sync/budget';
import { BUDGET_META_KEY } from '@/lib/sync/budget-store';
import { COLLECTIONS, type PullStatus, pullStatusKey } from '@/lib/sync/pull';
import { outboxCounts } from '@/lib/sync/status';

/** The request budget now, the queue's counts, and when each collection was last refreshed. */
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
  const resetIn = budget?.resetAt ? Math.max(0, Math.ceil((budget.resetAt - now) / 1000)) : null;
  return (
    <div className="stack" data-testid="sync-status">
      <dl className="facts">
        <dt>Requests left</dt>
        <dd data-testid="budget-remaining">
          {budget ? `${available(budget, now)} of ${budget.limit}` : 'not known yet'}
        </dd>
        <dt>Window resets</dt>
        <dd>
          {resetIn !== null ? `in ${resetIn} s (${new Date(budget!.resetAt!).toLocaleTimeString()})` : 'not known'}
        </dd>
        <dt>Waiting</dt>
        <dd data-testid="count-pending">{counts?.pending ?? 0}</dd>
        <dt>Sending</dt>
        <dd>{counts?.inflight ?? 0}</dd>
        <dt>Refused</dt>
        <dd data-testid="count-failed">{counts?.failed ?? 0}</dd>
      </dl>
      <table className="pulls">
        <caption className="muted">Last refresh from the service</caption>
        <thead>
          <tr>
            <th scope="col">Collection</th>
            <th scope="col">Last complete refresh</th>
          </tr>
        </thead>
        <tbody>
          {pulls.map(([collection, status]) => (
            <tr key={collection}>
              <td>{collection}</td>
              <td>{status?.lastPull ? new Date(status.lastPull).toLocaleString() : 'not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
