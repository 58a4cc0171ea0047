import type { Change, FieldConflict, Kind } from '../db/schema';
import type { TwoWriters } from './kind';
import type { Row } from './table';

/**
 * The pure side of how a change queued here meets one made elsewhere (the service's web app, a
 * phone, a teammate): a queued update or delete keeps its base, the readable fields as the service
 * held them when the person acted, and is merged three ways with what the service holds when it is
 * sent (lib/sync/rebase.ts). Values are compared as JSON, so a list read back equals the one sent.
 */

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The readable fields of a row, named as the update's input names them. */
export function fieldsView<K extends Kind>(how: TwoWriters<K>, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, rowField] of Object.entries(how.fields)) out[field] = row[rowField];
  return out;
}

/** The row's fields that show these input fields' values (what "keep theirs" or a discard writes). */
export function rowFieldsOf<K extends Kind>(how: TwoWriters<K>, values: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [field, value] of Object.entries(values)) {
    const rowField = how.fields[field];
    if (rowField) out[rowField] = value;
  }
  return out;
}

/**
 * The base of a change queued over `row` (as the mirror shows it, which is the service's last word
 * for every field no other queued change of it touches): an update's changed readable fields, a
 * delete's every readable field. Null for changes with nothing to compare.
 */
export function baseOf<K extends Kind>(
  how: TwoWriters<K>,
  change: Change<K>,
  row: Row,
): Record<string, unknown> | null {
  const shown = fieldsView(how, row);
  if (change.op === 'delete') return shown;
  if (change.op !== 'update') return null;
  const base: Record<string, unknown> = {};
  // A required field sent as it was is no change of the person's: it is read at the service instead.
  for (const [field, value] of Object.entries(how.changes(change)))
    if (field in shown && !(how.required?.includes(field) && same(value, shown[field]))) base[field] = shown[field];
  return base;
}

export type Merged =
  /** What to send: the person's changes that still change something, and the required fields. */
  | { send: Record<string, unknown>; conflicts: []; changesAnything: boolean }
  | { send: null; conflicts: FieldConflict[] };

/**
 * Three ways, field by field: changed only here is sent; changed only elsewhere is kept (not sent);
 * changed on both sides to the same value needs nothing; to different values is a conflict for the
 * person. A field the service does not let us read back, or one without a base (an entry queued
 * before bases were kept), is sent as the person set it.
 */
export function mergeUpdate(
  changes: Record<string, unknown>,
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  required: readonly string[] = [],
): Merged {
  const send: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  let changesAnything = false;
  for (const [field, mine] of Object.entries(changes)) {
    if (required.includes(field) && !(field in base)) continue;
    if (!(field in base) || !(field in theirs) || same(theirs[field], base[field])) {
      send[field] = mine;
      changesAnything = true;
    } else if (!same(theirs[field], mine)) conflicts.push({ field, mine, theirs: theirs[field] });
  }
  if (conflicts.length > 0) return { send: null, conflicts };
  for (const field of required) if (!(field in send)) send[field] = theirs[field] ?? changes[field];
  return { send, conflicts: [], changesAnything };
}

/**
 * A delete over a record changed elsewhere since: each field that moved, as deleted and as it is now.
 * A field holding what an edit of ours set (`ours`, edits the delete absorbed) did not move elsewhere.
 */
export function deleteConflicts(
  base: Record<string, unknown>,
  theirs: Record<string, unknown>,
  ours: Record<string, unknown> = {},
): FieldConflict[] {
  return Object.keys(base)
    .filter(
      (field) =>
        field in theirs && !same(theirs[field], base[field]) && !(field in ours && same(theirs[field], ours[field])),
    )
    .map((field) => ({ field, mine: base[field], theirs: theirs[field] }));
}
