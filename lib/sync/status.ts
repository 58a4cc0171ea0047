import type { LinkpilotDb, OutboxState } from '../db/schema';

/** How many changes wait, are on the wire, or were refused (some of them held as conflicts): for the badge and the sync centre. */
export async function outboxCounts(db: LinkpilotDb) {
  const count = (state: OutboxState) => db.outbox.where('state').equals(state).count();
  const [pending, inflight, failed, conflicts] = await Promise.all([
    count('pending'),
    count('inflight'),
    count('failed'),
    // Held for the person because another writer changed the same fields (lib/sync/rebase.ts).
    db.outbox
      .where('state')
      .equals('failed')
      .filter((e) => (e.conflict?.length ?? 0) > 0)
      .count(),
  ]);
  return { pending, inflight, failed, conflicts };
}
