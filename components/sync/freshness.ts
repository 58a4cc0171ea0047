import { formatNumber } from '@/components/ui/format';
import { plural, t } from '@/lib/browser/i18n';
import type { Budget } from '@/lib/engine/budget';
import { hourlyAllowance, usedInLastHour } from '@/lib/engine/usage';
import { COLLECTIONS, type Collection, type PullCursor, type PullStatus } from '@/lib/refresh/pull';

/** Each kind of data in the person's words. */
export function freshnessLabel(collection: Collection): string {
  return t(`freshness.label.${collection}`);
}

/** "just now", "2 min ago", "3 h ago", "2 days ago". */
export function ago(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return t('freshness.justNow');
  if (minutes < 60) return t('freshness.minutesAgo', { count: formatNumber(minutes) });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('freshness.hoursAgo', { count: formatNumber(hours) });
  return plural('freshness.daysAgo', Math.floor(hours / 24));
}

/**
 * How fresh one kind of data is: when its newest records were last checked, and how far the full
 * check under way has got through it ("checked 2 min ago; full check 40 % done"), or when it was
 * last checked in full.
 */
export function freshness(
  collection: Collection,
  status: PullStatus | undefined,
  walk: PullCursor | null,
  channels: number,
  now: number,
): string {
  const checked = status?.checkedAt
    ? t('freshness.checked', { ago: ago(status.checkedAt, now) })
    : t('freshness.notChecked');
  if (walk?.collection === collection) {
    const done =
      collection === 'channelItems'
        ? channels > 0
          ? (channels - (walk.channelQueue?.length ?? channels)) / channels
          : 0
        : status?.maxpage
          ? (walk.page - 1) / status.maxpage
          : 0;
    // A walk that has not read this list yet says nothing new: its last full check still stands.
    if (done > 0)
      return t('freshness.walking', { checked, percent: formatNumber(Math.floor(Math.min(1, done) * 100)) });
  }
  if (walk && COLLECTIONS.indexOf(walk.collection) > COLLECTIONS.indexOf(collection) && status?.lastPull)
    return t('freshness.fullyChecked', { checked, ago: ago(status.lastPull, now) });
  return status?.lastPull ? t('freshness.lastFullyChecked', { checked, ago: ago(status.lastPull, now) }) : checked;
}

/** "Linkpilot used 3 % of your API allowance in the last hour." */
export function hourUsage(budget: Budget | undefined, now: number): string {
  const used = usedInLastHour(budget?.usage, now);
  const share = (used / hourlyAllowance(budget?.limit ?? 30)) * 100;
  const shown = used === 0 ? formatNumber(0) : share < 1 ? t('freshness.lessThanOne') : formatNumber(Math.round(share));
  return plural('freshness.hourUsage', used, { share: shown });
}
