import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
import { historyTables, recordTotals } from '../history/record';
import { words } from '../words';

/** Fetches one link's statistics and details into the mirror (quick stats, detail views). */
export async function refreshLinkDetails(
  db: LinkpilotDb,
  api: ApiClient,
  key: string,
  now: () => number = Date.now,
): Promise<void> {
  const row = await db.links.get(key);
  if (!row || row.id === null)
    throw new ApiError({ kind: 'not-found', message: words('syncProblem.linkNotSent'), retryable: false });
  const id = row.id;
  const detail = await api.getLink(id);
  await db.transaction('rw', [db.links, db.linkStats, ...historyTables(db)], async () => {
    // Read again inside the transaction: a list page may have brought a newer total meanwhile.
    const before = (await db.links.get(key))?.clicks ?? row.clicks;
    const clicks = Math.max(detail.stats.clicks, before);
    await recordTotals(db, 'link', [{ id, key, clicks, before, unique: detail.stats.uniqueClicks }], now());
    await db.linkStats.put({
      key,
      stats: detail.stats,
      location: detail.details.location,
      device: detail.details.device,
      expiry: detail.details.expiry,
      fetchedAt: now(),
    });
    await db.links.update(key, { clicks });
  });
}

export async function refreshQrDetails(
  db: LinkpilotDb,
  api: ApiClient,
  key: string,
  now: () => number = Date.now,
): Promise<void> {
  const row = await db.qrCodes.get(key);
  if (!row || row.id === null)
    throw new ApiError({ kind: 'not-found', message: words('syncProblem.qrNotSent'), retryable: false });
  const id = row.id;
  const detail = await api.getQrCode(id);
  await db.transaction('rw', [db.qrCodes, db.qrStats, ...historyTables(db)], async () => {
    const before = (await db.qrCodes.get(key))?.scans ?? row.scans;
    const scans = detail.qr.scans;
    await recordTotals(db, 'qr', [{ id, key, clicks: scans, before, unique: detail.stats.uniqueClicks }], now());
    await db.qrStats.put({ key, stats: detail.stats, fetchedAt: now() });
    await db.qrCodes.update(key, { scans });
  });
}
