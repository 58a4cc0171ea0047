import { t } from '@/lib/browser/i18n';
import type { SyncState } from '@/lib/db/schema';
import { stateOfRow } from '@/lib/sync/change-state';

/** Where a record stands (lib/sync/change-state.ts): nothing shown when synced. */
export function SyncBadge({ state }: { state: SyncState }) {
  const shown = stateOfRow(state);
  if (shown === null) return null;
  // In the title too: where the badge is narrower than its words (a table's column), it ends in "…".
  const words = t(`sync.state.${shown}`);
  return (
    <span className={`badge sync-badge sync-${state}`} data-testid="sync-state" data-state={state} title={words}>
      {words}
    </span>
  );
}
