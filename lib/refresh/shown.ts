import { deleteKeys, deleteMeta, metaFamily, readFamily, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import type { ShownKind } from '../kinds/shown';
import type { HeadCollection } from './head';
import { noteLooked } from './looked';

/**
 * What is on screen is kept fresh on demand: a page says what it shows (a list, a link's or QR
 * code's details, a channel's items) and renews that every few seconds while it is shown; the
 * worker refreshes each target older than FRESH_FOR_MS (lib/refresh/shown-refresh.ts). These requests
 * are the person's own, not background refresh: they are not counted against its share. This
 * module is all a page needs (it stays out of the popup's sync and API code).
 */

/** A list, or one record of a kind lib/kinds/shown.ts says how to keep fresh. */
export type ShownTarget = { type: 'list'; list: HeadCollection } | { type: ShownKind; key: string };

/** A page renews what it shows this often, and asks the worker to look each time. */
export const SHOWN_RENEW_MS = 15_000;
/** What a page said it shows counts this long (a page that closed without saying so is forgotten). */
export const SHOWN_LEASE_MS = 45_000;
/**
 * Refreshed once older than this: with a look every SHOWN_RENEW_MS, what is on screen is never
 * older than a minute (40 s, plus up to 15 s until the next look, plus the request itself).
 * The worker and the pages read it through freshForMs (lib/settings/refresh.ts), which only tests change.
 */
export const FRESH_FOR_MS = 40_000;
/** How often a page renews what it shows, for a freshness window of `freshForMs`: never less often than the window. */
export const renewEvery = (freshForMs: number) => Math.min(SHOWN_RENEW_MS, freshForMs);
/** When the items under a record (a channel's) were last read in full, by its key. */
export const itemsFreshKeys = metaFamily<string, number>('fresh:channel:', 0);
export const targetId = (t: ShownTarget) => (t.type === 'list' ? `list:${t.list}` : `${t.type}:${t.key}`);

interface Shown {
  targets: ShownTarget[];
  until: number;
}
/** What each open view shows, by the view's id, and until when that counts. */
const shownKeys = metaFamily<string, Shown | null>('shown:', null);

/** Records what one view (a popup, a dashboard tab) shows now, replacing what it showed before. */
export async function markShown(db: LinkpilotDb, viewId: string, targets: ShownTarget[], now: number): Promise<void> {
  await writeMeta(db, shownKeys.of(viewId), { targets, until: now + SHOWN_LEASE_MS });
  // A record on screen is one a person looks at: it stays followed closely after (lib/refresh/sample.ts).
  await noteLooked(db, targets, now);
}

export async function clearShown(db: LinkpilotDb, viewId: string): Promise<void> {
  await deleteMeta(db, shownKeys.of(viewId));
}

/** Everything some view shows now, once each; what views forgot to clear is dropped. */
export async function shownTargets(db: LinkpilotDb, now: number): Promise<ShownTarget[]> {
  const rows = await readFamily(db, shownKeys);
  const expired = rows.filter((r) => (r.value?.until ?? 0) <= now).map((r) => r.key);
  if (expired.length > 0) await deleteKeys(db, expired);
  const all = rows.flatMap((r) => (r.value && r.value.until > now ? r.value.targets : []));
  return [...new Map(all.map((t) => [targetId(t), t])).values()];
}
