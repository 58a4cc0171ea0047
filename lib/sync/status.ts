import type { LinkpilotDb } from '../db/schema';

export interface OutboxCounts {
  pending: number;
  inflight: number;
  failed: number;
}

/** How many changes wait, are on the wire, or were refused: for the badge and the sync centre. */
export async function outboxCounts(db: LinkpilotDb): Promise<OutboxCounts> {
  const [pending, inflight, failed] = await Promise.all(
    ['pending', 'inflight', 'failed'].map((s) => db.outbox.where('state').equals(s).count()),
  );
  return { pending: pending ?? 0, inflight: inflight ?? 0, failed: failed ?? 0 };
}
