import { formatNumber } from '@/components/ui/format';
import { plural, t } from '@/lib/browser/i18n';
import type { Budget } from '@/lib/engine/budget';
import { hourlyAllowance, usedInLastHour } from '@/lib/engine/usage';
import type { ListProgress } from '@/lib/refresh/progress';
import type { Collection } from '@/lib/refresh/pull';

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
export function freshness(list: ListProgress, now: number): string {
  const { checkedAt, lastPull, walking, walked } = list;
  const checked = checkedAt ? t('freshness.checked', { ago: ago(checkedAt, now) }) : t('freshness.notChecked');
  // A walk that has not read this list yet says nothing new: its last full check still stands.
  if (walking !== null) return t('freshness.walking', { checked, percent: formatNumber(Math.floor(walking * 100)) });
  if (walked && lastPull) return t('freshness.fullyChecked', { checked, ago: ago(lastPull, now) });
  return lastPull ? t('freshness.lastFullyChecked', { checked, ago: ago(lastPull, now) }) : checked;
}

/** "Linkpilot used 3 % of your API allowance in the last hour." */
export function hourUsage(budget: Budget | undefined, now: number): string {
  const used = usedInLastHour(budget?.usage, now);
  const share = (used / hourlyAllowance(budget?.limit ?? 30)) * 100;
  const shown = used === 0 ? formatNumber(0) : share < 1 ? t('freshness.lessThanOne') : formatNumber(Math.round(share));
  return plural('freshness.hourUsage', used, { share: shown });
}
