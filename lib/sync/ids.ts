import type { LinkpilotDb } from '../db/schema';
import { recordTables } from '../kinds';

/** The server ids already known for these local keys, looked up across the mirror tables. */
export async function knownIds(db: LinkpilotDb, keys: string[]): Promise<Record<string, number>> {
  const ids: Record<string, number> = {};
  for (const key of new Set(keys))
    for (const table of recordTables(db)) {
      const row = await table.get(key);
      if (row?.id) ids[key] = row.id;
      if (row) break;
    }
  return ids;
}
