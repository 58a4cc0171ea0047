import type { Transaction } from 'dexie';
import { pageKey } from './page-identity';
import type { LinkRow } from './records';

/**
 * A link's `longurlKey` leaves out tracking parameters (lib/db/page-identity.ts), so a page
 * shortened with UTM values is found again. Same index, new values: only links whose long URL has a
 * query can change, and only those are written. The outbox is not touched.
 */
export function upgradeToV4(tx: Transaction) {
  return tx
    .table<LinkRow, string>('links')
    .filter((row) => row.longurl.includes('?') && row.longurlKey !== pageKey(row.longurl))
    .modify((row) => {
      row.longurlKey = pageKey(row.longurl);
    });
}
