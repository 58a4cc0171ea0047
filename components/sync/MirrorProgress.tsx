import { useLiveQuery } from 'dexie-react-hooks';
import { formatNumber } from '@/components/ui/format';
import { Pause } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { copyProgress } from '@/lib/refresh/progress';
import type { Collection } from '@/lib/refresh/pull';
import { readReachability } from '@/lib/sync/reachability';

/** Each kind of data being copied, in the person's words. */
export function collectionLabel(key: Collection): string {
  return t(`mirror.collection.${key}`);
}

/**
 * Progress of the copy of your data under way (nothing when none is running). When the service
 * can't be reached it says the copy is paused, and that it resumes by itself.
 */
export function MirrorProgress() {
  const state = useLiveQuery(async () => {
    const db = database();
    return { copy: await copyProgress(db), reach: await readReachability(db) };
  });
  const copy = state?.copy;
  if (!copy) return null;
  const { maxpage } = copy;
  const paused = state?.reach?.reachable === false || !navigator.onLine;
  const label = collectionLabel(copy.collection);
  const what =
    maxpage && maxpage > 1
      ? t('mirror.pageOf', { what: label, page: formatNumber(copy.page), pages: formatNumber(maxpage) })
      : label;
  return (
    <div className="stack" data-testid="mirror-progress">
      {paused ? (
        <p className="muted row" data-testid="mirror-paused">
          <Pause size={14} aria-hidden="true" /> {t('mirrorProgress.copyingYourDataIs')}
        </p>
      ) : (
        <p className="muted">
          {t('mirror.step', { step: formatNumber(copy.step + 1), steps: formatNumber(copy.steps), what })}
        </p>
      )}
      <progress max={1} value={copy.done} aria-label={t('mirrorProgress.copyOfYourData')} className="progress" />
    </div>
  );
}
