import { t } from '@/lib/browser/i18n';
import type { SyncState } from '@/lib/db/schema';

/** Where a record stands: nothing shown when synced. */
export function SyncBadge({ state }: { state: SyncState }) {
  if (state === 'synced') return null;
  // In the title too: where the badge is narrower than its words (a table's column), it ends in "…".
  const words = state === 'pending' ? t('common.notSynced') : t('common.notSavedSeeSync');
  return (
    <span className={`badge sync-badge sync-${state}`} data-testid="sync-state" data-state={state} title={words}>
      {words}
    </span>
  );
}
