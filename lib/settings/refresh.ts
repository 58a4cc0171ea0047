import { storage } from 'wxt/utils/storage';
import { FRESH_FOR_MS } from '../refresh/shown';

/**
 * The share of the API allowance (percent of what the service allows in an hour) that background
 * refresh may use: checking lists for new records and the slow walk that finds edits and deletions
 * made elsewhere. The rest stays for the person and their other tools on the same key.
 */
export const refreshShareItem = storage.defineItem<number>('local:refresh-share-percent', {
  fallback: 10,
  version: 1,
});
export const REFRESH_SHARE_CHOICES = [2, 5, 10, 20, 50, 100] as const;

/**
 * Seconds after which what a page shows is refreshed again (lib/refresh/shown.ts). Settings does not
 * offer it and nothing in the extension writes it: the end-to-end tests shorten it in extension
 * storage, so that a change made elsewhere shows within seconds rather than within a minute.
 */
export const freshForItem = storage.defineItem<number>('local:fresh-for-s', {
  fallback: FRESH_FOR_MS / 1000,
  version: 1,
});
