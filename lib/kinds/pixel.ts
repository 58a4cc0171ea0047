import { sendRemoval } from './edits';
import { describing, type KindSpec } from './kind';

/** The outbox's key for a pixel: pixels are listed by the service's id, with no local key of their own. */
export const pixelKey = (id: number): string => `pixel:${id}`;

/** Tracking pixels: deleted here at once and on the service in the background (beyond the seed's operations). */
export const pixel: KindSpec<'pixel'> = {
  // A listed table, not a mirrored record's: the row shows no sync state, and its id is in the payload.
  table: null,
  writes: ['pixels'],
  shows: async (_db, change) => [{ remove: 'pixels', key: change.payload.row.id }],
  send(ctx, entry) {
    const { row } = entry.payload;
    return sendRemoval(ctx, entry, {
      capability: 'pixelDelete',
      table: 'pixels',
      request: () => ctx.api.deletePixel(row.id),
      // A list read while the delete waited may have brought the pixel back: it is gone now.
      gone: [{ remove: 'pixels', key: row.id }],
    });
  },
  describe: (change) => describing('change.pixel.delete', 'change.pixel.deleteNamed', change.payload.row.name),
  discard: (entry) => [{ restore: 'pixels', row: entry.payload.row }],
};
