import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { formatDateTime, formatTime } from '@/components/ui/format';
import { database } from '@/lib/db/open';
import { available, type Budget } from '@/lib/sync/budget';
import { BUDGET_META_KEY } from '@/lib/sync/budget-store';
import { COLLECTIONS, type PullStatus, pullStatusKey } from '@/lib/sync/pull';
import { outboxCounts } from '@/lib/sync/status';
import { COLLECTION_LABEL } from './MirrorProgress';

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
      <table className="data-table pulls">
        <caption className="visually-hidden">When each kind of data was last checked with the service</caption>
        <thead>
          <tr>
            <th scope="col">Your data</th>
            <th scope="col">Last checked</th>
          </tr>
        </thead>
        <tbody>
          {pulls.map(([collection, status]) => (
            <tr key={collection}>
              <td>{COLLECTION_LABEL[collection]}</td>
              <td>{status?.lastPull ? formatDateTime(status.lastPull) : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
