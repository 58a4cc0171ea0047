import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useBrowserOnline } from '@/components/hooks/useBrowserOnline';
import { readMeta } from '@/lib/db/meta';
import { database } from '@/lib/db/open';
import { budgetKey } from '@/lib/engine/budget-store';
import { type CopyHold, copyHold } from '@/lib/engine/copy-hold';
import { type LinksCopy, linksCopy } from '@/lib/links/copy';
import { type CopyProgress, copyProgress } from '@/lib/refresh/progress';
import { readReachability } from '@/lib/sync/reachability';

export interface CopyState {
  copy: CopyProgress | null;
  links: LinksCopy | null;
  hold: CopyHold;
  now: number;
}

/**
 * The full copy under way and why it stands still, if it does: read from the mirror, with the
 * browser's own offline events (they arrive at once, before any request fails) and a clock that
 * ticks once a second while a copy runs, so "resumes in 40 s" counts down. Undefined while loading.
 */
export function useCopyState(): CopyState | undefined {
  const db = database();
  const online = useBrowserOnline();
  const state = useLiveQuery(async () => {
    const [copy, links, reach, budget] = await Promise.all([
      copyProgress(db),
      linksCopy(db),
      readReachability(db),
      readMeta(db, budgetKey),
    ]);
    return { copy, links, reach, budget };
  }, [db]);
  const running = Boolean(state?.copy);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!state) return undefined;
  const hold = state.copy ? copyHold(state.budget, state.reach, online, now) : null;
  return { copy: state.copy, links: state.links, hold, now };
}
