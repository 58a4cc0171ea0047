import type { SyncState } from '@/lib/db/schema';

/** Where a record stands: nothing shown when synced. */
export function SyncBadge({ state }: { state: SyncState }) {
  if (state === 'synced') return null;
  return (
    <span className={`sync-badge sync-${state}`} data-testid="sync-state" data-state={state}>
      {state === 'pending' ? 'Waiting to sync' : 'Sync refused: see Sync centre'}
    </span>
  );
}
