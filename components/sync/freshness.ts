import { COLLECTIONS, type Collection, type PullCursor, type PullStatus } from '@/lib/refresh/pull';
import type { Budget } from '@/lib/sync/budget';
import { hourlyAllowance, usedInLastHour } from '@/lib/sync/usage';

/** Each kind of data in the person's words. */
export const FRESHNESS_LABEL: Record<Collection, string> = {
  account: 'Your account',
  channels: 'Your channels',
  campaigns: 'Your campaigns',
  domains: 'Your branded domains',
  overlays: 'CTA overlays',
  splash: 'Splash pages',
  qrs: 'Your QR codes',
  links: 'Your links',
  channelItems: 'What is in your channels',
};

/** "just now", "2 min ago", "3 h ago", "2 days ago". */
export function ago(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
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
  const checked = status?.checkedAt ? `checked ${ago(status.checkedAt, now)}` : 'not checked yet';
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
    if (done > 0) return `${checked}; full check ${Math.floor(Math.min(1, done) * 100)} % done`;
  }
  if (walk && COLLECTIONS.indexOf(walk.collection) > COLLECTIONS.indexOf(collection) && status?.lastPull)
    return `${checked}; fully checked ${ago(status.lastPull, now)}`;
  return status?.lastPull ? `${checked}; last fully checked ${ago(status.lastPull, now)}` : checked;
}

/** "Linkpilot used 3 % of your API allowance in the last hour." */
export function hourUsage(budget: Budget | undefined, now: number): string {
  const used = usedInLastHour(budget?.usage, now);
  const share = (used / hourlyAllowance(budget?.limit ?? 30)) * 100;
  const shown = used === 0 ? '0' : share < 1 ? 'less than 1' : String(Math.round(share));
  return `Linkpilot used ${shown} % of your API allowance in the last hour (${used} ${used === 1 ? 'request' : 'requests'}).`;
}
