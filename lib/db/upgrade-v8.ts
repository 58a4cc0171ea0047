import type { Transaction } from 'dexie';

/**
 * Schema 8 renames the QR codes' table (`qrCodes` → `qrs`). Dexie keeps a table that a version
 * drops readable in that version's upgrade, so the rows are copied as they are, keys and sync
 * states included; the outbox names records by key, not by table, and needs nothing.
 */
export async function upgradeToV8(tx: Transaction): Promise<void> {
  await tx.table('qrs').bulkPut(await tx.table('qrCodes').toArray());
}
