import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';
import { words } from '../words';
import { applyLinkDetail, applyQrDetail } from './apply';

/** Fetches one link's statistics and details into the mirror (quick stats, detail views). */
export async function refreshLinkDetails(db: LinkpilotDb, api: ApiClient, key: string, now: () => number) {
  const row = await db.links.get(key);
  if (!row || row.id === null)
    throw new ApiError({ kind: 'not-found', message: words('syncProblem.linkNotSent'), retryable: false });
  await applyLinkDetail(db, key, await api.getLink(row.id), now());
}

export async function refreshQrDetails(db: LinkpilotDb, api: ApiClient, key: string, now: () => number) {
  const row = await db.qrCodes.get(key);
  if (!row || row.id === null)
    throw new ApiError({ kind: 'not-found', message: words('syncProblem.qrNotSent'), retryable: false });
  await applyQrDetail(db, key, await api.getQrCode(row.id), now());
}
