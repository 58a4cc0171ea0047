import { useLiveQuery } from 'dexie-react-hooks';
import { useSyncExternalStore } from 'react';
import { useBrowserOnline } from '@/components/hooks/useBrowserOnline';
import { useReachability } from '@/components/hooks/useReachability';
import { CircleAlert, WifiOff } from '@/components/ui/icons';
import { Pending } from '@/components/ui/Pending';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { answeredHere } from '@/lib/sync/answered-here';
import { countRefused, refusedChanges, waitingCounts } from '@/lib/sync/status';
import { useFreshWhileShown, useShownHere } from './useFreshWhileShown';

/**
 * One plain sentence, where the person looks, when something keeps changes from reaching the
 * service: it can't be reached, or changes were refused. Nothing at all when all is well.
 * Being the one sync view every page mounts, it also keeps what the page shows fresh.
 */
export function ServiceBanner({
  onOpenSync,
  onOpenSettings,
}: {
  onOpenSync?: () => void;
  /** Where the key is given; left out on the Settings page itself. */
  onOpenSettings?: () => void;
}) {
  useFreshWhileShown(useShownHere());
  const db = database();
  const online = useBrowserOnline();
  const reach = useReachability();
  // A refusal a form here waits for is shown at its field, never first as a banner. Left out as the
  // banner is drawn (drawn again when a form's wait begins or ends), not in the read: a read started
  // as the popup's shortening began and ended stood in the way of the worker's write of the link,
  // and of the answer's render. One taken back stays left out (lib/sync/answered-here.ts).
  useSyncExternalStore(answeredHere.subscribe, answeredHere.version);
  const refusedNow = useLiveQuery(() => refusedChanges(db), [db]);
  const counts = refusedNow && countRefused(refusedNow, answeredHere.leavesOut);
  const refused = counts?.failed ?? 0;
  const unreachable = !online || reach?.reachable === false;
  // Read only while it is said: the popup's own shortening changes these counts several times, and
  // each read of them then took the main thread the answer needed. Tagged with the state it was read
  // for, so that a read from before (none waiting, not read) does not stand for it.
  const waitingNow = useLiveQuery(
    async () => ({ unreachable, counts: unreachable ? await waitingCounts(db) : null }),
    [unreachable],
  );
  // Until what it says is read, it says that it is still coming: a screen that holds room for it (the
  // popup's) keeps holding it, rather than letting the banner push what is below when it comes.
  if (reach === undefined || counts === undefined || waitingNow?.unreachable !== unreachable) return <Pending />;
  const waiting = (waitingNow.counts?.pending ?? 0) + (waitingNow.counts?.inflight ?? 0);
  const details = onOpenSync ? (
    <button type="button" className="ghost small" onClick={onOpenSync}>
      {t('banner.details')}
    </button>
  ) : null;
  if (unreachable) {
    return (
      <div className="banner banner-warn" role="status" data-testid="offline-banner">
        <WifiOff size={16} aria-hidden="true" />
        <span>
          {online ? t('banner.unreachable') : t('banner.offline')}{' '}
          {waiting > 0 ? plural('banner.willSend', waiting) : t('banner.stillWorks')}
        </span>
        {details}
      </div>
    );
  }
  // Every change waits for the current key, and only the person can give it.
  if (reach?.keyRefused) {
    return (
      <div className="banner banner-error" role="status" data-testid="key-refused-banner">
        <CircleAlert size={16} aria-hidden="true" />
        <span>{t('banner.keyRefused')}</span>
        {onOpenSettings ? (
          <button type="button" className="ghost small" onClick={onOpenSettings}>
            {t('banner.enterKey')}
          </button>
        ) : null}
      </div>
    );
  }
  if (refused > 0) {
    return (
      <div className="banner banner-error" role="status" data-testid="refused-banner">
        <CircleAlert size={16} aria-hidden="true" />
        <span>
          {counts?.conflicts === refused ? plural('banner.conflicts', refused) : plural('banner.refused', refused)}
        </span>
        {details}
      </div>
    );
  }
  return null;
}
