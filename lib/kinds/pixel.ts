import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { LinkpilotDb, PixelRow } from '../db/schema';
import { removed, sendBeyondSeed } from './edits';
import { describing, type KindSpec } from './kind';

/** The outbox's key for a pixel: pixels are listed by the service's id, with no local key of their own. */
export const pixelKey = (id: number): string => `pixel:${id}`;

/** Puts a deleted pixel back unless the list has brought it again. */
async function putBack(db: LinkpilotDb, row: PixelRow): Promise<void> {
  if (!(await db.pixels.get(row.id))) await db.pixels.put(row);
}

/** Tracking pixels: deleted here at once and on the service in the background (beyond the seed's operations). */
export const pixel: KindSpec<'pixel'> = {
  // A listed table, not a mirrored record's: the row shows no sync state, and its id is in the payload.
  table: null,
  writes: ['pixels'],
  apply: (db, change) => db.pixels.delete(change.payload.row.id),
  send(ctx, entry) {
    const { db, api } = ctx;
    const { row } = entry.payload;
    return sendBeyondSeed(ctx, entry, {
      capability: 'pixelDelete',
      table: { catalog: 'pixels' },
      async request() {
        // A delete whose answer was lost is confirmed by the record's absence (the 404 of a second one).
        await removed(api.deletePixel(row.id)).catch(async (error: unknown) => {
          if (error instanceof ApiError && !error.retryable && !isAbsentRoute(error)) await putBack(db, row);
          throw error;
        });
        // A list read while the delete waited may have brought the pixel back: it is gone now.
        await db.pixels.delete(row.id);
      },
      undo: (db) => putBack(db, row),
    });
  },
  describe: (change) => describing('change.pixel.delete', 'change.pixel.deleteNamed', change.payload.row.name),
  async discard(db, entry) {
    await putBack(db, entry.payload.row);
  },
};
