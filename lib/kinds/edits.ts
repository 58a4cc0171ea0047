import type { ApiClient } from '../api/client';
import { words } from '../words';
import type { Capability } from './capabilities';
import type { MirrorWrite, WrittenTable } from './mirror-write';
import type { SyncTable } from './table';

/**
 * Creates, updates and deletes beyond the seed's operations (links, QR codes, pixels): a service of the family
 * may not have their routes. The first answer that says so (lib/api/absent.ts) marks the operation
 * absent for this connection; that change and every later one of the same operation is then taken
 * back (lib/sync/beyond-seed.ts), not retried and not left in the queue, and the record shows what
 * the service has.
 */

/** What a person is told when the service does not offer an operation. */
export const absentWords = (capability: Capability): string => words(`capability.absent.${capability}`);

/** An update beyond the seed's operations, with what its row showed before the first edit folded into it. */
export interface Edit {
  capability: Capability;
  table: SyncTable;
  was: object;
  /** Sends it (the same whole request each time); returns what the answer corrects in the row (a link's short URL). */
  request(api: ApiClient, id: number): Promise<readonly MirrorWrite[]>;
}

/** A delete beyond the seed's operations, with the row it took from the mirror. */
export interface Removal {
  capability: Capability;
  table: WrittenTable;
  row: object;
  request(api: ApiClient, id: number): Promise<unknown>;
  /** What goes with the record once the service has deleted it (its statistics, its channel items). */
  gone: MirrorWrite[];
}

/** What undoes a queued edit or delete of a record beyond the seed's operations, on discard. */
export function undone(
  table: SyncTable,
  entry: { key: string } & ({ op: 'update'; payload: { was: object } } | { op: 'delete'; payload: { row: object } }),
): MirrorWrite[] {
  return entry.op === 'update'
    ? [{ patch: table, key: entry.key, fields: { ...entry.payload.was } }]
    : [{ restore: table, row: entry.payload.row }];
}

/** A change of a record whose edit is queued with what the row showed before (QR codes, pixels). */
type EditedChange<C, E, W> =
  | { op: 'create'; payload: C }
  | { op: 'update'; payload: { input: E; was: W } }
  | { op: 'delete'; payload: unknown };

/**
 * An edit folded into a queued change of its record: into a create that cannot have been made yet,
 * or into an edit, which keeps what the row showed before the first. Null when it goes on its own
 * (after a delete, or a create that may have been made already: its look-up searches for what was
 * first sent).
 */
export function foldEdit<C extends object, E extends object, W>(
  queued: EditedChange<C, E, W>,
  edit: E,
  sent: boolean,
): { op: 'create'; payload: C } | { op: 'update'; payload: { input: E; was: W } } | null {
  if (queued.op === 'create' && !sent) return { op: 'create', payload: { ...queued.payload, ...edit } };
  if (queued.op === 'update')
    return { op: 'update', payload: { input: { ...queued.payload.input, ...edit }, was: queued.payload.was } };
  return null;
}
