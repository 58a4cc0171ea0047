import { metaKey, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';

/**
 * What people looked at lately: records whose details were open, the popup's page link, the first
 * rows of the links table. lib/refresh/sample.ts reads the links and QR codes among them more often,
 * so their charts have hours on their first days. Light on purpose: pages write it as they show.
 */
export const LOOKED_FOR = 7 * 86_400_000;
/** The newest looks kept: a bound on what is read more often, whatever the account's size. */
export const MAX_LOOKED = 40;

/** A record as a page names what it shows (lib/refresh/shown.ts): its kind and local key. */
export interface RecordTarget {
  type: string;
  key: string;
}

export interface Looked {
  target: RecordTarget;
  until: number;
}

const lookedKey = metaKey<Looked[] | null>('sample:looked', null);

const same = (a: RecordTarget, b: RecordTarget) => a.type === b.type && a.key === b.key;

/** Notes that these records were looked at now; each stays followed LOOKED_FOR after its last look. */
export async function noteLooked(db: LinkpilotDb, targets: readonly object[], now: number): Promise<void> {
  const records = targets.filter((t): t is RecordTarget => 'key' in t && 'type' in t);
  if (records.length === 0) return;
  await db.transaction('rw', db.meta, async () => {
    const kept = ((await readMeta(db, lookedKey)) ?? []).filter(
      (l) => l.until > now && !records.some((r) => same(r, l.target)),
    );
    const looked = [...records.map((target) => ({ target, until: now + LOOKED_FOR })), ...kept].slice(0, MAX_LOOKED);
    await writeMeta(db, lookedKey, looked);
  });
}

/** The records looked at within LOOKED_FOR, newest look first. */
export async function lookedAt(db: LinkpilotDb, now: number): Promise<RecordTarget[]> {
  return ((await readMeta(db, lookedKey)) ?? []).filter((l) => l.until > now).map((l) => l.target);
}
