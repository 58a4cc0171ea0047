import { z } from 'zod';
import { type Route, route } from '../context';
import { datetime } from '../time';
import { line, parse } from '../validate';
import { deleteOwned, idParam, ok, updateOwned, writeOwned } from './common';
import { listOwned } from './list';

/**
 * Tracking pixels, as the family's pages name the routes; their fields are not shown there. Chosen
 * here: a pixel is its network (`type`), a name people know it by, and the network's id (`tag`).
 */
export const PIXEL_TYPES = [
  'facebook',
  'gtmpixel',
  'gapixel',
  'adwords',
  'linkedin',
  'twitter',
  'adroll',
  'quora',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;

interface PixelRecord {
  id: number;
  type: string;
  name: string;
  tag: string;
  date: string;
}
const view = (p: PixelRecord) => ({ id: p.id, type: p.type, name: p.name, tag: p.tag, date: p.date });

const fields = {
  type: z.enum(PIXEL_TYPES, { error: `must be one of ${PIXEL_TYPES.join(', ')}` }),
  name: line(100, { required: true }),
  tag: line(200, { required: true }),
};
const createBody = z.object(fields);
const updateBody = z.object({ type: fields.type.optional(), name: fields.name.optional(), tag: fields.tag.optional() });

export const pixelRoutes: Route[] = [
  route('GET', '/api/pixels', (ctx) => listOwned<PixelRecord>(ctx, 'pixels', 'pixels', view)),
  route('POST', '/api/pixel/add', async (ctx) => {
    const b = parse(createBody, await ctx.body());
    const info = ctx.db
      .prepare('INSERT INTO pixels (account_id, type, name, tag, date) VALUES (?, ?, ?, ?, ?)')
      .run(ctx.account.id, b.type, b.name, b.tag, datetime(ctx.now()));
    return ok({ id: Number(info.lastInsertRowid) });
  }),
  route('PUT', '/api/pixel/:id/update', async (ctx) => {
    const id = idParam(ctx, 0, 'Pixel');
    updateOwned(ctx, 'pixels', id, 'Pixel', parse(updateBody, await ctx.body()));
    return ok({ id });
  }),
  route('DELETE', '/api/pixel/:id/delete', (ctx) => {
    const id = idParam(ctx, 0, 'Pixel');
    // A deleted pixel leaves the links that used it, so no link names a pixel that is gone.
    writeOwned(ctx, 'pixels', id, 'Pixel', () => {
      const using = ctx.db
        .prepare("SELECT id, pixels FROM links WHERE account_id = ? AND pixels != '[]'")
        .all(ctx.account.id) as { id: number; pixels: string }[];
      for (const l of using) {
        const ids = JSON.parse(l.pixels) as number[];
        if (ids.includes(id))
          updateOwned(ctx, 'links', l.id, 'Link', { pixels: JSON.stringify(ids.filter((i) => i !== id)) });
      }
      deleteOwned(ctx, 'pixels', id, 'Pixel');
    });
    return ok({ message: 'Pixel has been deleted.' });
  }),
];
