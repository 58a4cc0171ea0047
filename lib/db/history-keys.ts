import { metaKey } from './meta';

/**
 * The start of the oldest day of the totals' history still kept as read, as of the last thinning
 * (lib/history/record.ts). Declared in lib/db because the released upgrade to schema 6 reads it too,
 * and lib/db builds on nothing above it.
 */
export const thinnedKey = metaKey<number | null>('history:thinned', null);
