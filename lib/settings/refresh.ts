import { storage } from 'wxt/utils/storage';

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
