import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
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
  const detail = await api.getLink(row.id);
  await db.transaction('rw', db.links, db.linkStats, async () => {
    await db.linkStats.put({
      key,
      stats: detail.stats,
      location: detail.details.location,
      device: detail.details.device,
      expiry: detail.details.expiry,
      fetchedAt: now(),
    });
    await db.links.update(key, { clicks: Math.max(detail.stats.clicks, row.clicks) });
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
  const detail = await api.getQrCode(row.id);
  await db.transaction('rw', db.qrCodes, db.qrStats, async () => {
    await db.qrStats.put({ key, stats: detail.stats, fetchedAt: now() });
    await db.qrCodes.update(key, { scans: detail.qr.scans });
  });
}
