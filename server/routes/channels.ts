import { z } from 'zod';
import { type ApiContext, type Route, route } from '../context';
import { badRequest } from '../http/errors';
import { listEnvelope } from '../http/respond';
import { type LinkRecord, qrLinkOf, shortUrlOf } from '../links-view';
import { paging } from '../paging';
import { dateOnly, datetime } from '../time';
import { bool, hexColor, line, paragraph, parse } from '../validate';
import { deleteOwned, idParam, ok, owned, updateOwned, writeOwned } from './common';
import { listOwned } from './list';

interface ChannelRecord {
  id: number;
  name: string;
  description: string;
  color: string;
  starred: number;
}

const view = (c: ChannelRecord) => ({
  id: c.id,
  name: c.name,
  description: c.description,
  color: c.color,
  starred: c.starred === 1,
});
const DEFAULT_COLOR = '#6366f1';

const fields = {
  name: line(100, { required: true }),
  description: paragraph(500).optional(),
  color: hexColor.optional(),
  starred: bool.optional(),
};
const createBody = z.object(fields);
const updateBody = z.object({ ...fields, name: fields.name.optional() });

const ITEM_TYPES = ['links', 'bio', 'qr'] as const;

/** The item of a channel as listed: its title, a preview URL and the link people visit. */
function itemView(ctx: ApiContext, type: string, itemId: number, date: string) {
  if (type === 'links') {
    const l = ctx.db.prepare('SELECT * FROM links WHERE id = ?').get(itemId) as LinkRecord | undefined;
    return (
      l && {
        type,
        id: l.id,
        title: l.title,
        preview: l.longurl,
        link: shortUrlOf(ctx.db, ctx.publicUrl, l),
        date: dateOnly(date),
      }
    );
  }
  if (type === 'bio') {
    const b = ctx.db.prepare('SELECT * FROM bio_pages WHERE id = ?').get(itemId) as
      | { id: number; title: string; alias: string }
      | undefined;
    return (
      b && {
        type,
        id: b.id,
        title: b.title,
        preview: `${ctx.publicUrl}/bio/${b.alias}`,
        link: `${ctx.publicUrl}/bio/${b.alias}`,
        date: dateOnly(date),
      }
    );
  }
  const q = ctx.db.prepare('SELECT * FROM qr_codes WHERE id = ?').get(itemId) as
    | { id: number; name: string; code: string }
    | undefined;
  return (
    q && {
      type,
      id: q.id,
      title: q.name,
      preview: qrLinkOf(ctx.publicUrl, q.code),
      link: qrLinkOf(ctx.publicUrl, q.code),
      date: dateOnly(date),
    }
  );
}

const ITEM_TABLE: Record<(typeof ITEM_TYPES)[number], string> = { links: 'links', bio: 'bio_pages', qr: 'qr_codes' };

export const channelRoutes: Route[] = [
  route('GET', '/api/channels', (ctx) => listOwned<ChannelRecord>(ctx, 'channels', 'channels', view)),
  route('GET', '/api/channel/:id', (ctx) => {
    const channel = owned<ChannelRecord>(ctx, 'channels', idParam(ctx, 0, 'Channel'), 'Channel');
    const p = paging(ctx.query, ctx.maxLimit);
    const total = (
      ctx.db.prepare('SELECT COUNT(*) AS n FROM channel_items WHERE channel_id = ?').get(channel.id) as { n: number }
    ).n;
    const rows = ctx.db
      .prepare('SELECT * FROM channel_items WHERE channel_id = ? ORDER BY date DESC, item_id DESC LIMIT ? OFFSET ?')
      .all(channel.id, p.perpage, p.offset) as { type: string; item_id: number; date: string }[];
    const items = rows.map((r) => itemView(ctx, r.type, r.item_id, r.date)).filter(Boolean);
    return { body: listEnvelope('items', items, { page: p.page, perpage: p.perpage, total }) };
  }),
  route('POST', '/api/channel/add', async (ctx) => {
    const b = parse(createBody, await ctx.body());
    // Kept exactly as sent: clients of the hosted service compare the colour they read back.
    const color = b.color ?? DEFAULT_COLOR;
    const info = ctx.db
      .prepare(
        'INSERT INTO channels (account_id, name, description, color, starred, created) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(ctx.account.id, b.name, b.description ?? '', color, b.starred ? 1 : 0, datetime(ctx.now()));
    return ok({
      id: Number(info.lastInsertRowid),
      name: b.name,
      description: b.description ?? '',
      color,
      starred: b.starred ?? false,
    });
  }),
  route('POST', '/api/channel/:id/assign/:type/:itemid', (ctx) => {
    const channelId = idParam(ctx, 0, 'Channel');
    writeOwned(ctx, 'channels', channelId, 'Channel', () => {
      const type = ctx.params[1] as (typeof ITEM_TYPES)[number];
      if (!ITEM_TYPES.includes(type)) throw badRequest('type: must be one of links, bio, qr');
      const itemId = idParam(ctx, 2, 'Item');
      owned(ctx, ITEM_TABLE[type], itemId, type === 'links' ? 'Link' : type === 'bio' ? 'Bio page' : 'QR code');
      ctx.db
        .prepare('INSERT OR REPLACE INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)')
        .run(channelId, type, itemId, datetime(ctx.now()));
    });
    return ok({ message: 'Item has been assigned to the channel.' });
  }),
  route('PUT', '/api/channel/:id/update', async (ctx) => {
    const id = idParam(ctx, 0, 'Channel');
    const b = parse(updateBody, await ctx.body());
    if (Object.values(b).every((v) => v === undefined))
      throw badRequest('name, description, color or starred: nothing to update');
    updateOwned(ctx, 'channels', id, 'Channel', {
      name: b.name,
      description: b.description,
      color: b.color,
      starred: b.starred === undefined ? undefined : b.starred ? 1 : 0,
    });
    return ok({ message: 'Channel has been updated successfully.' });
  }),
  route('DELETE', '/api/channel/:id/delete', (ctx) => {
    const id = idParam(ctx, 0, 'Channel');
    writeOwned(ctx, 'channels', id, 'Channel', () => {
      // The spec: deleting a channel unassigns all its items.
      ctx.db.prepare('DELETE FROM channel_items WHERE channel_id = ?').run(id);
      deleteOwned(ctx, 'channels', id, 'Channel');
    });
    return ok({ message: 'Channel has been deleted successfully.' });
  }),
];
