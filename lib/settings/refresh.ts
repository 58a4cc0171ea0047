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
const freshForItem = storage.defineItem<number>('local:fresh-for-s', {
  fallback: FRESH_FOR_MS / 1000,
  version: 1,
});

/** The smallest window read from storage: a stray 0 there must not make every page look without pause. */
const SHORTEST_FRESH_MS = 1000;

/** The freshness window in ms as stored, kept between 1 s and FRESH_FOR_MS; anything not a number is the default. */
export function freshForMsOf(seconds: unknown): number {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return FRESH_FOR_MS;
  return Math.min(FRESH_FOR_MS, Math.max(SHORTEST_FRESH_MS, seconds * 1000));
}

export const freshForMs = async (): Promise<number> => freshForMsOf(await freshForItem.getValue());
