import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import * as inputs from '../api/inputs/pixels';
import type { Pixel } from '../api/schemas/pixels';
import { validateInput } from '../api/validate-input';
import { pixelFromInput, pixelRow } from '../db/rows';
import type { PixelRow } from '../db/schema';
import { foldEdit, putBack, removed, sendBeyondSeed } from './edits';
import { type Creation, describing, existing, findListed, labelled, type RecordKind, sendCreate } from './kind';
import type { Listing } from './listing';

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

/**
 * Tracking pixels, beyond the seed's operations: added, renamed and deleted here at once and on the
 * service in the background. A service without one of these routes has it marked absent at its first
 * answer (lib/kinds/edits.ts): the change is taken back and not retried.
 */
export const pixel: RecordKind<'pixel', PixelRow, Pixel> = {
  table: 'pixels',
  listing,
  async apply(db, change, key) {
    switch (change.op) {
      case 'create':
        return db.pixels.add(pixelFromInput(change.payload, key));
      case 'update':
        return db.pixels.put(edited(await existing(db.pixels, key, 'change.gone.pixel'), change.payload.input));
      case 'delete':
        // Gone from the list at once; it comes back if the service refuses the delete or lacks it.
        return db.pixels.delete(key);
      default:
        return change satisfies never;
    }
  },
  send(ctx, entry) {
    const { db, api } = ctx;
    const id = entry.ids[entry.key]!;
    switch (entry.op) {
      case 'create':
        return sendBeyondSeed(ctx, entry, {
          capability: 'pixelAdd',
          table: 'pixels',
          request: () => sendCreate(ctx, entry, 'pixels', creation),
          // The pixel goes, and with it every later change of it (an edit queued on its own after
          // an ambiguous try): none could ever be sent.
          async undo(db) {
            await db.outbox.where('key').equals(entry.key).delete();
            await db.pixels.delete(entry.key);
          },
        });
      case 'update': {
        const { input, was } = entry.payload;
        return sendBeyondSeed(ctx, entry, {
          capability: 'pixelEdit',
          table: 'pixels',
          // The same whole request each time: one whose answer was lost is sent again as it is.
          request: () => api.updatePixel(id, input),
          undo: (db) => db.pixels.update(entry.key, was),
        });
      }
      case 'delete': {
        const { row } = entry.payload;
        return sendBeyondSeed(ctx, entry, {
          capability: 'pixelDelete',
          table: 'pixels',
          // A delete whose answer was lost is confirmed by the record's absence (the 404 of a second one).
          request: () =>
            removed(api.deletePixel(id)).catch(async (error: unknown) => {
              if (error instanceof ApiError && !error.retryable && !isAbsentRoute(error))
                await putBack(db, 'pixels', row);
              throw error;
            }),
          undo: (db) => putBack(db, 'pixels', row),
        });
      }
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
  async edit(db, entry, fields) {
    if (entry.op !== 'create') return null;
    const next = validateInput(inputs.createPixelInput, { ...entry.payload, ...fields });
    await db.pixels.update(entry.key, next);
    return { kind: 'pixel', op: 'create', payload: next };
  },
  async discard(db, entry, forget) {
    if (entry.op === 'update') await db.pixels.update(entry.key, entry.payload.was);
    else if (entry.op === 'delete') await putBack(db, 'pixels', entry.payload.row);
    else await forget();
  },
};
