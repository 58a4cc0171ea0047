import type { OutboxEntry, SyncState } from '../db/schema';

/**
 * Where a person's change stands, one set of states for every place that says it: a row's badge
 * (the popup, the tables, the lists) and Sync. Each is one catalogue message, `sync.state.<state>`,
 * so no two places can word the same state differently, or two states at once.
 * A row knows only that its change waits or needs the person; Sync, which holds the change itself,
 * tells a refusal from a conflict and a change on the wire from one waiting.
 */
export type ChangeState = 'queued' | 'sending' | 'refused' | 'conflict' | 'needsYou';

/** A record's state as its row keeps it; null when it is as the service has it. */
export function stateOfRow(sync: SyncState): ChangeState | null {
  return sync === 'synced' ? null : sync === 'pending' ? 'queued' : 'needsYou';
}

/** A queued change's state as Sync shows it. */
export function stateOfEntry(entry: Pick<OutboxEntry, 'state' | 'conflict'>): ChangeState {
  if (entry.state === 'pending') return 'queued';
  if (entry.state === 'inflight') return 'sending';
  return (entry.conflict?.length ?? 0) > 0 ? 'conflict' : 'refused';
}
