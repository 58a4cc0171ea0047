import type { LinkpilotDb, OutboxState } from '../db/schema';

/** How many changes wait, are on the wire, or were refused: for the badge and the sync centre. */
export async function outboxCounts(db: LinkpilotDb) {
  const count = (state: OutboxState) => db.outbox.where('state').equals(state).count();
  const [pending, inflight, failed] = await Promise.all([count('pending'), count('inflight'), count('failed')]);
  return { pending, inflight, failed };
}
