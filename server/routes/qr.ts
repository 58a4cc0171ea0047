import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type ApiContext, type Route, route } from '../context';
import { badRequest } from '../http/errors';
import { qrLinkOf } from '../links-view';
import { refusePointingBack } from '../points-back';
import { statistics } from '../stats';
import { withoutControls } from '../text-rules';
import { datetime } from '../time';
import { line, parse, QR_TYPES, type QrType, qrData, rgbColor } from '../validate';
import { deleteOwned, idParam, ok, owned, updateOwned, writeOwned } from './common';
import { listOwned } from './list';

interface QrRecord {
  id: number;
  code: string;
  type: QrType;
  name: string;
  scans: number;
  date: string;
}
const view = (ctx: ApiContext, q: QrRecord) => ({
  id: q.id,
  link: qrLinkOf(ctx.publicUrl, q.code),
  scans: q.scans,
  name: q.name,
  date: q.date,
});

const logo = z
  .string({ error: 'must be a string' })
  .max(2048)
  .refine(...withoutControls)
  .refine(
    (v) => /\.(png|jpe?g)(\?.*)?$/i.test(v) && (/^https?:\/\//i.test(v) || !/^[a-z][a-z0-9+.-]*:/i.test(v)),
    'must be the path or http(s) URL of a .png or .jpg image',
  );
const common = z.object({
  background: rgbColor.optional(),
  foreground: rgbColor.optional(),
  logo: logo.optional(),
  name: line(100).optional(),
});

/** `type` and `data` checked together: the data must be of the type's shape. */
function typedData(ctx: ApiContext, type: unknown, data: unknown): { type: QrType; data: unknown } {
  if (typeof type !== 'string' || !QR_TYPES.includes(type as QrType))
    throw badRequest(`type: must be one of ${QR_TYPES.join(', ')}`);
  if (data === undefined || data === null || data === '') throw badRequest('data: is required');
  const parsed = parse(z.object({ data: qrData[type as QrType] }), { data }).data;
  if (type === 'link') refusePointingBack(ctx, [['data', parsed as string]]);
  return { type: type as QrType, data: parsed };
}

export const qrRoutes: Route[] = [
  route('GET', '/api/qr', (ctx) => listOwned<QrRecord>(ctx, 'qr_codes', 'qrs', (q) => view(ctx, q))),
  route('GET', '/api/qr/:id', (ctx) => {
    const q = owned<QrRecord>(ctx, 'qr_codes', idParam(ctx, 0, 'QR code'), 'QR code');
    return ok({ details: view(ctx, q), data: statistics(ctx.db, 'qr_id', q.id) });
  }),
  route('POST', '/api/qr/add', async (ctx) => {
    const body = await ctx.body();
    const { type, data } = typedData(ctx, body.type, body.data);
    const rest = parse(common, body);
    const code = randomBytes(6).toString('base64url');
    const info = ctx.db
      .prepare(
        'INSERT INTO qr_codes (account_id, code, type, data, background, foreground, logo, name, date) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        ctx.account.id,
        code,
        type,
        JSON.stringify(data),
        rest.background ?? null,
        rest.foreground ?? null,
        rest.logo ?? null,
        rest.name ?? '',
        datetime(ctx.now()),
      );
    // The create answer is not shown in the spec: ours is {error, id, link}.
    return ok({ id: Number(info.lastInsertRowid), link: qrLinkOf(ctx.publicUrl, code) });
  }),
];

/**
 * Beyond the seed's operations, as the family's pages describe them: `qr/{id}/update` takes the
 * fields of `qr/add`, each optional (data without a type is read as the code's own type; a new type
 * needs its data), and answers as `qr/add` does (not shown there); `qr/{id}/delete` takes the code,
 * its scans and its place in a channel.
 */
export const qrEditRoutes: Route[] = [
  route('PUT', '/api/qr/:id/update', async (ctx) => {
    const id = idParam(ctx, 0, 'QR code');
    const body = await ctx.body();
    if (body.type !== undefined && body.data === undefined) throw badRequest('data: is required with a new type');
    const rest = parse(common, body);
    return writeOwned(ctx, 'qr_codes', id, 'QR code', (q: QrRecord) => {
      // Data without a type is of the code's own type, which only its row tells.
      const typed = body.data === undefined ? undefined : typedData(ctx, body.type ?? q.type, body.data);
      updateOwned(ctx, 'qr_codes', id, 'QR code', {
        type: typed?.type,
        data: typed && JSON.stringify(typed.data),
        ...rest,
      });
      return ok({ id, link: qrLinkOf(ctx.publicUrl, q.code) });
    });
  }),
  route('DELETE', '/api/qr/:id/delete', (ctx) => {
    const id = idParam(ctx, 0, 'QR code');
    writeOwned(ctx, 'qr_codes', id, 'QR code', () => {
      ctx.db.prepare('DELETE FROM visits WHERE qr_id = ?').run(id);
      ctx.db.prepare("DELETE FROM channel_items WHERE type = 'qr' AND item_id = ?").run(id);
      deleteOwned(ctx, 'qr_codes', id, 'QR code');
    });
    return ok({ message: 'QR code has been deleted.' });
  }),
];
