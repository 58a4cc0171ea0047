import type { z } from 'zod';
import type { ApiClient } from '../api/client';
import { validateInput } from '../api/validate-input';
import type { Change, Kind, Mirrored } from '../db/schema';
import { type MessageKey, words } from '../words';
import {
  type Asking,
  type Creation,
  creating,
  deleted,
  describing,
  existing,
  findListed,
  labelled,
  type RecordKind,
  readListed,
  type Unique,
} from './kind';
import type { Listing } from './listing';
import type { MirrorWrite } from './mirror-write';
import type { SyncTable } from './table';

/** A change to a record with fields of its own: made, edited, deleted. */
export type FieldChange<C, U> =
  | { op: 'create'; payload: C }
  | { op: 'update'; payload: U }
  | { op: 'delete'; payload: null };

/** The kinds made by `fieldKind`; the sync centre's words for each are `change.<kind>.*`. */
type FieldKindName = Extract<Kind, 'channel' | 'campaign' | 'domain'>;

/** What sets channels, campaigns and domains apart; `fieldKind` makes the rest of their description. */
export interface FieldSpec<
  K extends FieldKindName,
  R extends Mirrored,
  I extends { id: number },
  C extends object,
  U extends object,
> extends Pick<Listing<R, I>, 'rows' | 'list' | 'fromServer' | 'content' | 'hanging' | 'lookAlike'>,
    Pick<Creation<C, I>, 'make' | 'complete'> {
  kind: K;
  table: SyncTable;
  /** Its own changes, typed as it knows them (the compiler cannot narrow a generic kind). */
  mine(change: Change<K>): FieldChange<C, U>;
  own(change: Change): FieldChange<C, U> | null;
  wrap(change: FieldChange<C, U>): Change<K>;
  createInput: z.ZodType<C>;
  updateInput: z.ZodType<U>;
  fromInput(input: C, key: string): R;
  edited(row: R, patch: U): R;
  /** Whether a listed record is the one this create makes. */
  fits(payload: C, item: I): boolean;
  /** Sends an update; returns what its answer adds to the row. */
  update(api: ApiClient, key: string, id: number, patch: U): Promise<readonly MirrorWrite[]>;
  remove(api: ApiClient, id: number): Promise<unknown>;
  /** What goes with it when it is deleted here. */
  alsoDelete?(key: string): MirrorWrite[];
  /** The fields of a queued create a person can correct, by label; the first names the record. */
  labels: Record<string, MessageKey>;
  /** Update input field → row field, for the fields its list shows (see TwoWriters). */
  readable: Readonly<Record<string, string>>;
  /** Fields every update carries (a campaign's name). */
  required?: readonly string[];
  unique?: readonly Unique[];
}

export function fieldKind<
  K extends FieldKindName,
  R extends Mirrored,
  I extends { id: number },
  C extends object,
  U extends object,
>(spec: FieldSpec<K, R, I, C, U>): RecordKind<K, R, I> {
  const { mine, own, wrap } = spec;
  const fieldsOf = (payload: object | null): Record<string, unknown> => ({ ...payload });
  const [nameField = ''] = Object.keys(spec.labels);
  const kind: FieldKindName = spec.kind;
  const listing: Listing<R, I> = {
    ...spec,
    madeBy: (change, item) => {
      const create = own(change);
      return create?.op === 'create' && spec.fits(create.payload, item);
    },
    withEdit: (row, change) => {
      const edit = own(change);
      return edit?.op === 'update' ? spec.edited(row, edit.payload) : row;
    },
  };
  const creation: Creation<C, I> = {
    ...spec,
    find: async (ctx, payload) => {
      const listed = await findListed(ctx, listing, (item) => spec.fits(payload, item));
      return listed && { id: listed.id, listed };
    },
  };
  // Checked with the API's own schemas; the compiler cannot tie a generic kind's inputs to C and U.
  const asks = {
    create: { change: (asked: unknown) => ({ payload: validateInput(spec.createInput, asked) }) },
    update: { change: (asked: unknown) => ({ payload: validateInput(spec.updateInput, asked) }) },
    delete: { change: () => ({ payload: null }) },
  } as unknown as Asking<K>;
  return {
    table: spec.table,
    asks,
    ...(spec.unique && { unique: spec.unique }),
    listing,
    async shows(db, change, key) {
      const c = mine(change);
      switch (c.op) {
        case 'create':
          return [{ put: spec.table, row: spec.fromInput(c.payload, key), made: true }];
        case 'update': {
          const row = await existing(spec.rows(db), key, `change.gone.${kind}`);
          return [{ put: spec.table, row: spec.edited(row, c.payload) }];
        }
        case 'delete':
          return [...(spec.alsoDelete?.(key) ?? []), { remove: spec.table, key }];
        default:
          return c satisfies never;
      }
    },
    sending(entry) {
      const c = mine(entry);
      switch (c.op) {
        case 'create':
          return creating(spec.table, creation, c.payload);
        case 'update':
          return { request: (api) => spec.update(api, entry.key, entry.ids[entry.key]!, c.payload) };
        case 'delete':
          return {
            request: async (api) => {
              await deleted(spec.remove(api, entry.ids[entry.key]!));
              return [];
            },
          };
        default:
          return c satisfies never;
      }
    },
    fold(queued, later) {
      const [a, b] = [own(queued), mine(later)];
      if (!a || b.op !== 'update' || a.op === 'delete') return null;
      return wrap(
        a.op === 'create'
          ? { op: 'create', payload: { ...a.payload, ...b.payload } }
          : { op: 'update', payload: { ...a.payload, ...b.payload } },
      );
    },
    describe: (change) => {
      const c = mine(change);
      if (c.op === 'delete') return words(`change.${kind}.delete`);
      const name = fieldsOf(c.payload)[nameField];
      return describing(`change.${kind}.${c.op}`, `change.${kind}.${c.op}Named`, typeof name === 'string' ? name : '');
    },
    editable: (change) => labelled(spec.labels, mine(change).payload),
    edit(entry, fields) {
      const c = mine(entry);
      if (c.op !== 'create') return null;
      const payload = validateInput(spec.createInput, { ...c.payload, ...fields });
      return {
        change: wrap({ op: 'create', payload }),
        writes: [{ put: spec.table, row: spec.fromInput(payload, entry.key) }],
      };
    },
    twoWriters: {
      fields: spec.readable,
      required: spec.required,
      changes: (change) => {
        const c = mine(change);
        return c.op === 'update' ? fieldsOf(c.payload) : {};
      },
      withChanges: (change, changes) => {
        const c = mine(change);
        return c.op === 'update' ? wrap({ op: 'update', payload: changes as U }) : change;
      },
      // The service reads these back only through their list.
      read: (api, id, existing, at) => readListed(api, listing, id, existing, at),
    },
  };
}
