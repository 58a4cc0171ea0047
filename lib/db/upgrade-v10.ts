import type { Transaction } from 'dexie';
import { serverKey } from './keys';
import type { PixelRow, PixelRowV7 } from './records';

/** A pixel as versions 7 and 8 kept it, as a mirrored record, keyed as every pulled record is (by its id). */
const mirrored = (row: PixelRowV7, sync: PixelRow['sync']): PixelRow => ({
  key: serverKey(row.id),
  id: row.id,
  sync,
  pulledAt: row.pulledAt ?? 0,
  type: row.type,
  name: row.name,
  tag: row.tag,
  date: row.date,
});

/** Version 9: the pixels keyed by id are read before their table goes, for version 10 to carry across. */
export async function upgradeToV9(tx: Transaction): Promise<PixelRowV7[]> {
  const carried = await tx.table<PixelRowV7, number>('pixels').toArray();
  await rekeyPixelChanges(tx);
  return carried;
}

/** A pixel delete queued before version 10 (keyed `pixel:` and the id) names the row by its new key, which it needs. */
export async function rekeyPixelChanges(tx: Transaction): Promise<void> {
  await tx
    .table('outbox')
    .where('[kind+op]')
    .equals(['pixel', 'delete'])
    .modify((entry: { key: string; deps: string[]; ids: Record<string, number>; payload: { row: unknown } }) => {
      const row = entry.payload.row as PixelRowV7;
      const key = serverKey(row.id);
      entry.key = key;
      entry.deps = [key];
      entry.ids = { [key]: row.id };
      entry.payload = { row: mirrored(row, 'synced') };
    });
}

/** The pixels listed before version 10, in the new table; none waits for a change (a deleted one is not listed). */
export async function pixelRows(tx: Transaction, rows: PixelRowV7[]): Promise<void> {
  await tx.table('pixels').bulkPut(rows.map((row) => mirrored(row, 'synced')));
}
