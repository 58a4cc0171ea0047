import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
import { refreshLinkDetails, refreshQrDetails } from './details';
import { type HeadCollection, headStep, MAX_HEAD_PAGES } from './head';
import { SOURCES } from './lists';
import { readChannelPage, readStatus, writeStatus } from './pull';

/**
 * What is on screen is kept fresh on demand: a page says what it shows (a list, a link's or QR
 * code's details, a channel's items) and renews that every few seconds while it is shown; the
 * worker refreshes each target older than FRESH_FOR_MS. These requests are the person's own
 * (first in the budget), not background refresh: they are not counted against its share.
 */
export type ShownTarget =
  | { type: 'list'; list: HeadCollection }
  | { type: 'link'; key: string }
  | { type: 'qr'; key: string }
  | { type: 'channel'; key: string };

/** A page renews what it shows this often, and asks the worker to look each time. */
export const SHOWN_RENEW_MS = 15_000;
/** What a page said it shows counts this long (a page that closed without saying so is forgotten). */
export const SHOWN_LEASE_MS = 45_000;
/**
 * Refreshed once older than this: with a look every SHOWN_RENEW_MS, what is on screen is never
 * older than a minute (40 s, plus up to 15 s until the next look, plus the request itself).
 */
export const FRESH_FOR_MS = 40_000;
/** A channel with more items than this many pages is left to the reconcile walk. */
const MAX_CHANNEL_PAGES = 20;

const PREFIX = 'shown:';
const channelFreshKey = (key: string) => `fresh:channel:${key}`;
export const targetId = (t: ShownTarget) => (t.type === 'list' ? `list:${t.list}` : `${t.type}:${t.key}`);

interface Shown {
  targets: ShownTarget[];
  until: number;
}

/** Records what one view (a popup, a dashboard tab) shows now, replacing what it showed before. */
export async function markShown(db: LinkpilotDb, viewId: string, targets: ShownTarget[], now: number): Promise<void> {
  await db.meta.put({ key: `${PREFIX}${viewId}`, value: { targets, until: now + SHOWN_LEASE_MS } satisfies Shown });
}

export async function clearShown(db: LinkpilotDb, viewId: string): Promise<void> {
  await db.meta.delete(`${PREFIX}${viewId}`);
}

/** Everything some view shows now, once each; what views forgot to clear is dropped. */
export async function shownTargets(db: LinkpilotDb, now: number): Promise<ShownTarget[]> {
  const rows = await db.meta.where('key').startsWith(PREFIX).toArray();
  const expired = rows.filter((r) => (r.value as Shown).until <= now).map((r) => r.key);
  if (expired.length > 0) await db.meta.bulkDelete(expired);
  const all = rows.filter((r) => (r.value as Shown).until > now).flatMap((r) => (r.value as Shown).targets);
  return [...new Map(all.map((t) => [targetId(t), t])).values()];
}

/** When the target was last refreshed (0: never); null when there is nothing to refresh (not on the service yet). */
export async function refreshedAt(db: LinkpilotDb, target: ShownTarget): Promise<number | null> {
  switch (target.type) {
    case 'list':
      return (await readStatus(db, target.list)).checkedAt ?? 0;
    case 'link':
      return (await db.links.get(target.key))?.id ? ((await db.linkStats.get(target.key))?.fetchedAt ?? 0) : null;
    case 'qr':
      return (await db.qrCodes.get(target.key))?.id ? ((await db.qrStats.get(target.key))?.fetchedAt ?? 0) : null;
    case 'channel':
      return (await db.channels.get(target.key))?.id
        ? (((await db.meta.get(channelFreshKey(target.key)))?.value as number | undefined) ?? 0)
        : null;
    default:
      return target satisfies never;
  }
}

/**
 * Refreshes one target now. A link or QR code the service no longer has (404 while synced here)
 * was deleted elsewhere: it leaves the mirror.
 */
export async function refreshTarget(
  db: LinkpilotDb,
  api: ApiClient,
  target: ShownTarget,
  now: () => number,
): Promise<void> {
  switch (target.type) {
    case 'list':
      for (let i = 0; i < MAX_HEAD_PAGES && (await headStep(db, api, target.list, now())); i++);
      return;
    case 'link':
      return goneIfMissing(db, 'links', target.key, () => refreshLinkDetails(db, api, target.key, now));
    case 'qr':
      return goneIfMissing(db, 'qrs', target.key, () => refreshQrDetails(db, api, target.key, now));
    case 'channel':
      return refreshChannel(db, api, target.key, now);
    default:
      return target satisfies never;
  }
}

async function goneIfMissing(db: LinkpilotDb, list: 'links' | 'qrs', key: string, refresh: () => Promise<void>) {
  try {
    await refresh();
  } catch (error) {
    const table = list === 'links' ? db.links : db.qrCodes;
    const row = await table.get(key);
    if (error instanceof ApiError && error.kind === 'not-found' && row?.id && row.sync === 'synced')
      await SOURCES[list].remove(db, [key]);
    throw error;
  }
}

/** Every page of one channel's items, as the walk reads them. */
async function refreshChannel(db: LinkpilotDb, api: ApiClient, channelKey: string, now: () => number) {
  const channelId = (await db.channels.get(channelKey))?.id;
  if (!channelId) return;
  const startedAt = now();
  let previous = null;
  for (let page = 1; page <= MAX_CHANNEL_PAGES; page++) {
    const read = await readChannelPage(db, api, channelKey, channelId, page, now(), { previous, startedAt });
    await writeStatus(db, 'channelItems', { ...(await readStatus(db, 'channelItems')), ...read.state });
    previous = read.boundary;
    if (read.last) break;
  }
  await db.meta.put({ key: channelFreshKey(channelKey), value: startedAt });
}
