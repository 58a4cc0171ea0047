import { ApiError } from '../api/errors';
import type { Change, LinkpilotDb } from '../db/schema';
import { kindOf } from '../kinds';
import { words } from '../words';

/*
 * What a create or an update asks for that must be unique is in its kind's description (`unique`):
 * a rename to another record's name is refused as its create would be. Compared as the service
 * compares: aliases, slugs and campaign names ignoring case (SQLite's NOCASE there), a branded
 * domain by its host (scheme, case and a trailing dot do not count).
 */

const asked = (change: Change, field: string): string | undefined => {
  if (change.op !== 'create' && change.op !== 'update') return undefined;
  // A link's fields come as the API's input beside where it goes; every other kind's are the payload.
  const { payload } = change;
  const fields: Record<string, unknown> = 'input' in payload ? { ...payload.input } : { ...payload };
  const value = fields[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

/**
 * Refuses a create or an update, before it is queued, that asks for what the mirror shows as taken
 * by another record (`key`: the record's own, which does not count against it). A record whose own create
 * was refused holds nothing on the service, and does not count. Works offline.
 */
export async function refuseTaken(db: LinkpilotDb, change: Change, key: string | null): Promise<void> {
  for (const unique of kindOf(change.kind).unique ?? []) {
    const value = asked(change, unique.field);
    if (value === undefined) continue;
    const holders = await unique.holders(db, value);
    if (holders.some((row) => row.key !== key && row.sync !== 'failed'))
      throw new ApiError({ kind: 'validation', field: unique.field, message: words(unique.message), retryable: false });
  }
}
