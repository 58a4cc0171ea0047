import type { LinkpilotDb, OutboxState } from '../db/schema';

/**
 * How many changes wait, are on the wire, or were refused (some of them held as conflicts): for the
 * badge and the sync centre. `leaveOut` names refused ones that are shown elsewhere already (at a
 * form's field, lib/sync/answered-here.ts).
 */
export async function outboxCounts(db: LinkpilotDb, leaveOut: (key: string) => boolean = () => false) {
  const [waiting, refused] = await Promise.all([waitingCounts(db), refusedChanges(db)]);
  return { ...waiting, ...countRefused(refused, leaveOut) };
}

/** The changes that wait and those on the wire. */
export async function waitingCounts(db: LinkpilotDb) {
  const count = (state: OutboxState) => db.outbox.where('state').equals(state).count();
  const [pending, inflight] = await Promise.all([count('pending'), count('inflight')]);
  return { pending, inflight };
}

/**
 * The refused changes, by record, and whether each is held as a conflict. Read on their own, a live
 * query of them is not run again as changes wait and go out (pending and in flight), only when one
 * is refused.
 */
export async function refusedChanges(db: LinkpilotDb): Promise<RefusedChange[]> {
  const refused = await db.outbox.where('state').equals('failed').toArray();
  // Held for the person because another writer changed the same fields (lib/sync/rebase.ts).
  return refused.map((e) => ({ key: e.key, conflict: (e.conflict?.length ?? 0) > 0 }));
}

export interface RefusedChange {
  key: string;
  conflict: boolean;
}

/** How many changes were refused, and how many of them are held as conflicts, but those `leaveOut` names. */
export function countRefused(refused: readonly RefusedChange[], leaveOut: (key: string) => boolean = () => false) {
  const failed = refused.filter((e) => !leaveOut(e.key));
  return { failed: failed.length, conflicts: failed.filter((e) => e.conflict).length };
}
