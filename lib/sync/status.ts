import type { LinkpilotDb, OutboxState } from '../db/schema';

/**
 * How many changes wait, are on the wire, or were refused (some of them held as conflicts): for the
 * badge and the sync centre. `leaveOut` names refused ones that are shown elsewhere already (at a
 * form's field, lib/sync/answered-here.ts).
 */
export async function outboxCounts(db: LinkpilotDb, leaveOut: (seq: number) => boolean = () => false) {
  const count = (state: OutboxState) => db.outbox.where('state').equals(state).count();
  const [pending, inflight, refused] = await Promise.all([
    count('pending'),
    count('inflight'),
    db.outbox.where('state').equals('failed').toArray(),
  ]);
  const failed = refused.filter((e) => !leaveOut(e.seq!));
  return {
    pending,
    inflight,
    failed: failed.length,
    // Held for the person because another writer changed the same fields (lib/sync/rebase.ts).
    conflicts: failed.filter((e) => (e.conflict?.length ?? 0) > 0).length,
  };
}
