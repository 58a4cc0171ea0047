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
import { idParam, ok, owned } from './common';
import { listOwned } from './list';

interface QrRecord {
  id: number;
  code: string;
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

export const qrRoutes: Route[] = [
  route('GET', '/api/qr', (ctx) => listOwned<QrRecord>(ctx, 'qr_codes', 'qrs', (q) => view(ctx, q))),
  route('GET', '/api/qr/:id', (ctx) => {
    const q = owned<QrRecord>(ctx, 'qr_codes', idParam(ctx, 0, 'QR code'), 'QR code');
    return ok({ details: view(ctx, q), data: statistics(ctx.db, 'qr_id', q.id) });
  }),
  route('POST', '/api/qr/add', async (ctx) => {
    const body = await ctx.body();
    const type = body.type;
    if (typeof type !== 'string' || !QR_TYPES.includes(type as QrType))
      throw badRequest(`type: must be one of ${QR_TYPES.join(', ')}`);
    if (body.data === undefined || body.data === null || body.data === '') throw badRequest('data: is required');
    const data = parse(z.object({ data: qrData[type as QrType] }), { data: body.data }).data;
    const rest = parse(common, body);
    if (type === 'link') refusePointingBack(ctx, [['data', data as string]]);
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
