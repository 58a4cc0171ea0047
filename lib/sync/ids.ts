import type { LinkpilotDb } from '../db/schema';

/** The server ids already known for these local keys, looked up across the mirror tables. */
export async function knownIds(db: LinkpilotDb, keys: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const key of new Set(keys))
    for (const table of [db.links, db.channels, db.campaigns, db.domains, db.qrs, db.pixels]) {
      const row = await table.get(key);
      if (row?.id) ids[key] = row.id;
      if (row) break;
    }
  return ids;
}

/**
 * When a create succeeds: its id goes into its own entries and every entry that waits for it, so
 * they can be sent (and stay sendable even if the worker dies before the next step).
 */
export async function recordServerId(db: LinkpilotDb, key: string, id: number): Promise<void> {
  const waiting = [
    ...(await db.outbox.where('key').equals(key).toArray()),
    ...(await db.outbox.where('deps').equals(key).toArray()),
  ];
  for (const entry of waiting) await db.outbox.update(entry.seq!, { ids: { ...entry.ids, [key]: id } });
}
