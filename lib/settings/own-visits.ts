import { storage } from 'wxt/utils/storage';
import type { RequestedHosts } from '../links/own-visit-hosts';
import type { OwnVisitCount } from '../links/own-visits';

/** Whether opening one's own plain short links here skips the service (off until the person turns it on). */
export const ownVisitsOnItem = storage.defineItem<boolean>('local:own-visits-on', { fallback: false, version: 1 });

/** The visits that skipped the service this month (lib/links/own-visits.ts). */
export const ownVisitCountItem = storage.defineItem<OwnVisitCount>('local:own-visit-count', {
  fallback: { month: '', count: 0 },
  version: 1,
});

/**
 * The links known to redirect plainly, by connection (its database name): the mirror forgets how a
 * link was made once a pull has it, this does not.
 */
export const plainLinksItem = storage.defineItem<Record<string, string[]>>('local:plain-links', {
  fallback: {},
  version: 1,
});

/** How many plain links had no rule, past the browser's cap (0 when all are covered). */
export const ownVisitsLeftItem = storage.defineItem<number>('local:own-visits-left', { fallback: 0, version: 1 });

/** The branded domains' host access granted for this setting, by connection, so it can be given back. */
export const ownVisitHostsItem = storage.defineItem<RequestedHosts>('local:own-visit-hosts', {
  fallback: {},
  version: 1,
});
