import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { formatNumber, formatTime } from '@/components/ui/format';
import { t } from '@/lib/browser/i18n';
import { readMeta } from '@/lib/db/meta';
import { database } from '@/lib/db/open';
import { available } from '@/lib/engine/budget';
import { budgetKey } from '@/lib/engine/budget-store';
import { listsProgress } from '@/lib/refresh/progress';
import { refreshShareItem } from '@/lib/settings/refresh';
import { outboxCounts } from '@/lib/sync/status';
import { freshness, freshnessLabel, hourUsage } from './freshness';

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
  const budget = useLiveQuery(async () => (await readMeta(db, budgetKey)) ?? undefined);
  const counts = useLiveQuery(() => outboxCounts(db));
  const lists = useLiveQuery(() => listsProgress(db), [], []);
  const share = useStorageItem(refreshShareItem);
  const resetIn = budget?.resetAt ? Math.max(0, Math.ceil((budget.resetAt - now) / 1000)) : null;
  return (
    <div className="stack" data-testid="sync-status">
      <p className="muted small-text">{t('syncStatus.theServiceAllowsA')}</p>
      <dl className="facts">
        <dt>{t('syncStatus.requestsLeftThisMinute')}</dt>
        <dd data-testid="budget-remaining">
          {budget
            ? t('syncStatus.available', {
                available: formatNumber(available(budget, now)),
                limit: formatNumber(budget.limit),
              })
            : t('syncStatus.notKnownYet')}
        </dd>
        <dt>{t('syncStatus.moreAllowed')}</dt>
        <dd>
          {resetIn !== null
            ? t('syncStatus.resetIn', { seconds: formatNumber(resetIn), time: formatTime(budget!.resetAt!) })
            : t('syncStatus.notKnownYet')}
        </dd>
        <dt>{t('syncStatus.changesWaiting')}</dt>
        <dd data-testid="count-pending">{counts?.pending ?? 0}</dd>
        <dt>{t('syncStatus.beingSent')}</dt>
        <dd>{counts?.inflight ?? 0}</dd>
        <dt>{t('syncStatus.notAccepted')}</dt>
        <dd data-testid="count-failed">{counts?.failed ?? 0}</dd>
      </dl>
      <p data-testid="hour-usage">
        {t('syncStatus.hourUsage', { usage: hourUsage(budget, now), share: formatNumber(share.value) })}
      </p>
      <table className="data-table pulls">
        <caption className="visually-hidden">{t('syncStatus.howFreshEachKind')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('syncStatus.yourData')}</th>
            <th scope="col">{t('syncStatus.howFresh')}</th>
          </tr>
        </thead>
        <tbody>
          {lists.map((list) => (
            <tr key={list.collection} data-testid={`freshness-${list.collection}`}>
              <td>{freshnessLabel(list.collection)}</td>
              <td>{freshness(list, now)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
