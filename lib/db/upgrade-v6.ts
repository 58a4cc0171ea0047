import type { Table, Transaction } from 'dexie';
import { thinnedKey } from './history-keys';
import { serverKey } from './keys';
import { readMeta } from './meta';
import type { Observation, ObservationV5, RecentObservation } from './records';

/**
 * The history of schema 5 in the shape of schema 6: every observation gains what its total rose by
 * (its total less `prev`); those not thinned yet (from the day the last thinning left as read)
 * move to the recent table with their record's local key (one whose record is no longer mirrored
 * has none to name, and is dropped, as it would have gone with the record).
 */
export async function upgradeToV6(tx: Transaction): Promise<void> {
  const thinned = await readMeta(tx, thinnedKey);
  for (const [kind, records] of [
    ['link', 'links'],
    ['qr', 'qrCodes'],
  ] as const) {
    const history: Table<ObservationV5 | Observation, [number, number]> = tx.table(`${kind}History`);
    // Not thinned yet: read in full (the index on `at` is gone), a week or so of observations.
    const recent = (await history.filter((o) => thinned === null || o.at >= thinned).toArray()) as ObservationV5[];
    const keys = await keysByIds(tx.table(records), [...new Set(recent.map((o) => o.id))]);
    const moved: RecentObservation[] = [];
    for (const o of recent) {
      const key = keys.get(o.id);
      if (key !== undefined) moved.push({ ...withGain(o), key });
    }
    await tx.table(`${kind}Recent`).bulkPut(moved);
    await history.bulkDelete(recent.map((o) => [o.id, o.at]));
    await history.toCollection().modify((o, ref) => {
      ref.value = withGain(o as ObservationV5);
    });
  }
}

function withGain({ prev, ...o }: ObservationV5): Observation {
  return prev === undefined ? o : { ...o, gain: o.clicks - prev };
}

/**
 * Local keys of records by service id: a pulled record's key follows from its id (one keyed read
 * for all); a record made here is looked up by the id index.
 */
async function keysByIds(table: Table<{ key: string; id: number | null }, string>, ids: number[]) {
  const keys = new Map<number, string>();
  const pulled = await table.bulkGet(ids.map(serverKey));
  pulled.forEach((row, i) => {
    if (row && row.id === ids[i]) keys.set(ids[i]!, row.key);
  });
  for (const id of ids) {
    if (keys.has(id)) continue;
    const row = await table.where('id').equals(id).first();
    if (row) keys.set(id, row.key);
  }
  return keys;
}
