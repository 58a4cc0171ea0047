import { type ApiContext, type Route, route } from '../context';
import { badRequest, notFound } from '../http/errors';
import { listEnvelope } from '../http/respond';
import { type LinkRecord, linkListView, shortUrlOf } from '../links-view';
import { paging } from '../paging';
import { statistics } from '../stats';
import { owned } from './common';
import { linkCreateRoute } from './link-create';

function detail(ctx: ApiContext, l: LinkRecord) {
  const pairs = (json: string, key: string) =>
    Object.fromEntries((JSON.parse(json) as Record<string, string>[]).map((t) => [t[key]!, t.link!]));
  return {
    error: 0,
    id: l.id,
    details: {
      id: l.id,
      shorturl: shortUrlOf(ctx.db, ctx.publicUrl, l),
      longurl: l.longurl,
      title: l.title,
      description: l.description,
      location: pairs(l.geotarget, 'location'),
      device: pairs(l.devicetarget, 'device'),
      expiry: l.expiry,
      date: l.date,
    },
    data: statistics(ctx.db, 'link_id', l.id),
  };
}

/** `short` is a full short URL (with or without scheme) or a bare alias. */
function aliasFromShort(short: string): string {
  const trimmed = short.trim().replace(/\/+$/, '');
  const withScheme = /^[a-z]+:\/\//i.test(trimmed) ? trimmed : trimmed.includes('/') ? `http://${trimmed}` : null;
  if (!withScheme) return trimmed;
  try {
    return decodeURIComponent(new URL(withScheme).pathname.replace(/^\/+/, ''));
  } catch {
    return trimmed;
  }
}

export const urlRoutes: Route[] = [
  route('GET', '/api/urls', (ctx) => {
    const short = ctx.query.get('short');
    if (short !== null) {
      // With `short`, every other parameter is ignored (the spec).
      const l = ctx.db
        .prepare('SELECT * FROM links WHERE account_id = ? AND alias = ?')
        .get(ctx.account.id, aliasFromShort(short)) as LinkRecord | undefined;
      // Not shown in the spec. Public clients of the hosted service check the HTTP status before
      // `error`, and can shorten only when "no match" is a 200: so it is one here too.
      if (!l) return { body: { error: 1, message: 'short: no link with that short URL' } };
      return { body: detail(ctx, l) };
    }
    const p = paging(ctx.query, ctx.maxLimit);
    const order = ctx.query.get('order') ?? 'date';
    if (order !== 'date' && order !== 'click') throw badRequest('order: must be date or click');
    const q = (ctx.query.get('q') ?? '').trim();
    if (q.length > 500) throw badRequest('q: must be at most 500 characters');
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const filter = q
      ? "AND (alias LIKE ? ESCAPE '\\' OR longurl LIKE ? ESCAPE '\\' OR title LIKE ? ESCAPE '\\' OR description LIKE ? ESCAPE '\\')"
      : '';
    const args = q ? [like, like, like, like] : [];
    const total = (
      ctx.db.prepare(`SELECT COUNT(*) AS n FROM links WHERE account_id = ? ${filter}`).get(ctx.account.id, ...args) as {
        n: number;
      }
    ).n;
    const sort = order === 'click' ? 'clicks DESC, id DESC' : 'date DESC, id DESC';
    const rows = ctx.db
      .prepare(`SELECT * FROM links WHERE account_id = ? ${filter} ORDER BY ${sort} LIMIT ? OFFSET ?`)
      .all(ctx.account.id, ...args, p.perpage, p.offset) as LinkRecord[];
    return {
      body: listEnvelope(
        'urls',
        rows.map((l) => linkListView(ctx.db, ctx.publicUrl, l)),
        { page: p.page, perpage: p.perpage, total },
      ),
    };
  }),
  route('GET', '/api/url/:id', (ctx) => {
    const raw = ctx.params[0] ?? '';
    if (!/^\d{1,15}$/.test(raw)) throw notFound('Link not found.');
    return { body: detail(ctx, owned<LinkRecord>(ctx, 'links', Number(raw), 'Link')) };
  }),
  linkCreateRoute,
];
