import * as inputs from '../api/inputs/pixels';
import type { Pixel } from '../api/schemas/pixels';
import { validateInput } from '../api/validate-input';
import { freshRow, pulledRow } from '../db/rows';
import type { PixelRow } from '../db/schema';
import { foldEdit, undone } from './edits';
import {
  type Creation,
  creating,
  describing,
  existing,
  findListed,
  labelled,
  present,
  type RecordKind,
  readListed,
} from './kind';
import type { Listing } from './listing';
import type { MirrorWrite } from './mirror-write';

/** A pixel is told apart by its network, its name and the network's id: a listed one with all three is this create's. */
const fits = (payload: inputs.CreatePixelInput, p: Pixel) =>
  p.type === payload.type && p.name === payload.name && p.tag === payload.tag;

const edited = (row: PixelRow, edit: inputs.UpdatePixelInput): PixelRow => ({ ...row, ...edit });

const listing: Listing<PixelRow, Pixel> = {
  kind: 'pixel',
  rows: (db) => db.pixels,
  list: (api, query) => api.listPixels(query),
  // Beyond the seed's operations: a service without the list lists none, and says so once.
  offered: 'pixels',
  fromServer: pixelRow,
  content: ['type', 'name', 'tag'],
  madeBy: (change, item) => change.kind === 'pixel' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, change) =>
    change.kind === 'pixel' && change.op === 'update' ? edited(row, change.payload.input) : row,
};

const creation: Creation<inputs.CreatePixelInput, Pixel> = {
  make: ({ api }, payload) => api.createPixel(payload),
  async find(ctx, payload) {
    const listed = await findListed(ctx, listing, (p) => fits(payload, p));
    return listed && { id: listed.id, extra: { date: listed.date } };
  },
};

/* Server records and queued creates → mirror rows (see lib/db/rows.ts for the rule they keep). */

export function pixelRow(pixel: Pixel, existing: PixelRow | undefined, pulledAt: number): PixelRow {
  return {
    ...pulledRow(pixel.id, existing, pulledAt),
    type: pixel.type,
    name: pixel.name,
    tag: pixel.tag,
    date: pixel.date ?? existing?.date ?? null,
  };
}

export const pixelFromInput = (input: inputs.CreatePixelInput, key: string): PixelRow => ({
  ...freshRow(key),
  ...input,
  date: null,
});

/**
 * Tracking pixels, beyond the seed's operations: added, renamed and deleted here at once and on the
 * service in the background. A service without one of these routes has it marked absent at its first
 * answer (lib/sync/beyond-seed.ts): the change is taken back and not retried.
 */
export const pixel: RecordKind<'pixel', PixelRow, Pixel> = {
  table: 'pixels',
  listing,
  asks: {
    create: { offered: 'pixelAdd', change: (asked) => ({ payload: validateInput(inputs.createPixelInput, asked) }) },
    // Renamed, or another network or id: the links that use it keep it.
    update: {
      offered: 'pixelEdit',
      change(asked, found) {
        const input = validateInput(inputs.updatePixelInput, asked);
        const row = present<PixelRow>(found, 'change.gone.pixel');
        return { payload: { input, was: { type: row.type, name: row.name, tag: row.tag } } };
      },
    },
    delete: {
      offered: 'pixelDelete',
      change: (_asked, row) => ({ payload: { row: present<PixelRow>(row, 'change.gone.pixel') } }),
    },
  },
  async shows(db, change, key) {
    switch (change.op) {
      case 'create':
        return [{ put: 'pixels', row: pixelFromInput(change.payload, key), made: true }];
      case 'update':
        return [
          { put: 'pixels', row: edited(await existing(db.pixels, key, 'change.gone.pixel'), change.payload.input) },
        ];
      case 'delete':
        // Gone from the list at once; it comes back if the service refuses the delete or lacks it.
        return [{ remove: 'pixels', key }];
      default:
        return change satisfies never;
    }
  },
  sending(entry) {
    switch (entry.op) {
      case 'create':
        return creating('pixels', creation, entry.payload, 'pixelAdd');
      case 'update':
        return {
          edit: {
            capability: 'pixelEdit',
            table: 'pixels',
            was: entry.payload.was,
            async request(api, id) {
              await api.updatePixel(id, entry.payload.input);
              // Its answer is the id alone: the row has it all.
              return [];
            },
          },
        };
      case 'delete':
        return {
          removal: {
            capability: 'pixelDelete',
            table: 'pixels',
            row: entry.payload.row,
            request: (api, id) => api.deletePixel(id),
            // Nothing names a pixel; a list read while its delete waited left it out (lib/refresh/apply.ts).
            gone: [],
          },
        };
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later, sent) {
    if (queued.kind !== 'pixel' || later.op !== 'update') return null;
    const folded = foldEdit(queued, later.payload.input, sent);
    return folded && { kind: 'pixel', ...folded };
  },
  describe(change) {
    switch (change.op) {
      case 'create':
        return describing('change.pixel.create', 'change.pixel.createNamed', change.payload.name);
      case 'update':
        return describing(
          'change.pixel.update',
          'change.pixel.updateNamed',
          change.payload.input.name ?? change.payload.was.name,
        );
      case 'delete':
        return describing('change.pixel.delete', 'change.pixel.deleteNamed', change.payload.row.name);
      default:
        return change satisfies never;
    }
  },
  editable: (change) =>
    change.op === 'create'
      ? labelled({ name: 'change.label.pixelName', tag: 'change.label.pixelTag' }, change.payload)
      : [],
  edit(entry, fields) {
    if (entry.op !== 'create') return null;
    const next = validateInput(inputs.createPixelInput, { ...entry.payload, ...fields });
    const writes: MirrorWrite[] = [{ patch: 'pixels', key: entry.key, fields: next }];
    return { change: { kind: 'pixel', op: 'create', payload: next }, writes };
  },
  discard: (entry) => (entry.op === 'create' ? null : undone('pixels', entry)),
  twoWriters: {
    fields: { type: 'type', name: 'name', tag: 'tag' },
    changes: (change) => (change.op === 'update' ? { ...change.payload.input } : {}),
    withChanges: (change, changes) =>
      change.op === 'update' ? { ...change, payload: { ...change.payload, input: changes } } : change,
    read: (api, id, existing, at) => readListed(api, listing, id, existing, at),
  },
};
