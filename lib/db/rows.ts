/**
 * What every mirrored row starts with, and the parts of addresses rows are made of. How a kind's
 * server records and queued creates become rows is its own (lib/kinds): `existing` is the row already
 * mirrored for the same id, whose local key and the facts only this device knows are kept.
 */
import { serverKey } from './keys';
import type { SyncState } from './records';

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function aliasOf(shorturl: string): string {
  try {
    return new URL(shorturl).pathname.replace(/^\/+/, '');
  } catch {
    return '';
  }
}

/*
 * Queued creates → what the mirror shows of them until the service answers: a record made here,
 * with no server id yet.
 */

/** A row made here, before the service answers: no server id yet, pending. */
export const freshRow = (key: string) => ({ key, id: null, sync: 'pending' as const, pulledAt: 0 });

/**
 * What every row of a server record starts with: the local key and sync state of the row already
 * mirrored for its id, kept, else a key made from the id.
 */
export const pulledRow = (id: number, existing: { key: string; sync: SyncState } | undefined, pulledAt: number) => ({
  key: existing?.key ?? serverKey(id),
  id,
  sync: existing?.sync ?? ('synced' as SyncState),
  pulledAt,
});
