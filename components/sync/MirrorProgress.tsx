import { formatNumber } from '@/components/ui/format';
import { Clock, Pause } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import type { CopyHold } from '@/lib/engine/copy-hold';
import type { Collection } from '@/lib/refresh/pull';
import { useCopyState } from './useCopyState';

/** Each kind of data being copied, in the person's words. */
export function collectionLabel(key: Collection): string {
  return t(`mirror.collection.${key}`);
}

/** Why the copy stands still, in the person's words; null while it moves. */
export function holdText(hold: CopyHold, now: number): string | null {
  if (!hold) return null;
  if (hold.reason === 'offline') return t('mirror.pausedOffline');
  if (hold.reason === 'unreachable') return t('mirrorProgress.copyingYourDataIs');
  if (hold.reason === 'keyRefused') return t('mirror.pausedKeyRefused');
  return t('mirror.waitingAllowance', { seconds: formatNumber(Math.max(1, Math.ceil((hold.until - now) / 1000))) });
}

/**
 * Progress of the copy of your data under way (nothing when none is running), and why it stands
 * still when it does: offline, the service out of reach or refusing the key, or its allowance spent.
 */
export function MirrorProgress() {
  const state = useCopyState();
  const copy = state?.copy;
  if (!state || !copy) return null;
  const { maxpage } = copy;
  const label = collectionLabel(copy.collection);
  const what =
    maxpage && maxpage > 1
      ? t('mirror.pageOf', { what: label, page: formatNumber(copy.page), pages: formatNumber(maxpage) })
      : label;
  const why = holdText(state.hold, state.now);
  // Paused until something outside the copy changes; a wait for the allowance ends by itself.
  const paused = state.hold !== null && state.hold.reason !== 'allowance';
  return (
    <div className="stack" data-testid="mirror-progress">
      <p className="muted">
        {t('mirror.step', { step: formatNumber(copy.step + 1), steps: formatNumber(copy.steps), what })}
      </p>
      {why ? (
        <p className="muted row" data-testid={paused ? 'mirror-paused' : 'mirror-waiting'}>
          {paused ? <Pause size={14} aria-hidden="true" /> : <Clock size={14} aria-hidden="true" />} {why}
        </p>
      ) : null}
      <progress max={1} value={copy.done} aria-label={t('mirrorProgress.copyOfYourData')} className="progress" />
    </div>
  );
}
