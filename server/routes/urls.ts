import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { type ApiContext, type Route, route } from '../context';
import { badRequest, notFound } from '../http/errors';
import { listEnvelope } from '../http/respond';
import { type LinkRecord, linkListView, shortUrlOf } from '../links-view';
import { paging } from '../paging';
import { hashPassword } from '../passwords';
import { RESERVED_ALIASES } from '../reserved';
import { statistics } from '../stats';
import { datetime, parseDatetime } from '../time';
import { datetimeField, httpUrl, parse, positiveId, text } from '../validate';
import { ok, owned } from './common';

const target = <K extends string>(key: K, keySchema: z.ZodType<string>) =>
  z
    .array(z.object({ [key]: keySchema, link: httpUrl } as Record<K, z.ZodType<string>> & { link: typeof httpUrl }), {
      error: 'must be an array',
    })
    .max(100, 'at most 100 entries');

const createBody = z.object({
  url: httpUrl,
  custom: z
    .string({ error: 'must be a string' })
    .regex(/^[A-Za-z0-9_-]{3,32}$/, 'must be 3-32 letters, digits, - or _')
    .optional(),
  type: z
    .string({ error: 'must be a string' })
    .regex(
      /^(direct|frame|splash|\d{1,10}|overlay-\d{1,10})$/,
      'must be direct, frame, splash, a splash page id or overlay-{id}',
    )
    .optional(),
  password: text(200).optional(),
  domain: httpUrl.optional(),
  expiry: datetimeField.optional(),
  geotarget: target(
    'location',
    z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(100),
  ).optional(),
  devicetarget: target(
    'device',
    z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(100),
  ).optional(),
  languagetarget: target(
    'language',
    z.string({ error: 'must be a string' }).regex(/^[a-z]{2,3}(-[A-Za-z]{2})?$/, 'must be a language code like en'),
  ).optional(),
  parameters: z
    .array(
      z.object({
        name: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(100),
        value: text(500),
      }),
      { error: 'must be an array' },
    )
    .max(50)
    .optional(),
  metatitle: text(500).optional(),
  metadescription: text(500).optional(),
  metaimage: httpUrl.refine((v) => /\.(png|jpe?g)(\?.*)?$/i.test(v), 'must be a .png or .jpg image URL').optional(),
  description: text(500).optional(),
  pixels: z.array(positiveId, { error: 'must be an array of integers' }).max(50).optional(),
  channel: positiveId.optional(),
  campaign: positiveId.optional(),
  deeplink: z
    .record(z.string(), z.union([z.boolean(), httpUrl]), { error: 'must be an object of store URLs' })
    .optional(),
  status: z.enum(['public', 'private'], { error: 'must be public or private' }).optional(),
});

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

function titleOf(url: string): string {
  const u = new URL(url);
  return (u.hostname + (u.pathname === '/' ? '' : u.pathname)).slice(0, 500);
}

export const urlRoutes: Route[] = [
  route('GET', '/api/urls', (ctx) => {
    const short = ctx.query.get('short');
    if (short !== null) {
      // With `short`, every other parameter is ignored (the spec).
      const l = ctx.db
        .prepare('SELECT * FROM links WHERE account_id = ? AND alias = ?')
        .get(ctx.account.id, aliasFromShort(short)) as LinkRecord | undefined;
      if (!l) throw notFound('short: no link with that short URL');
      return { body: detail(ctx, l) };
    }
    const p = paging(ctx.query);
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
  route('POST', '/api/url/add', async (ctx) => {
    const b = parse(createBody, await ctx.body());
    const own = new URL(ctx.publicUrl);
    if (new URL(b.url).host === own.host) throw badRequest('url: must not point at this service’s own short links');
    if (b.custom !== undefined) {
      if (RESERVED_ALIASES.has(b.custom.toLowerCase())) throw badRequest('custom: is reserved');
      if (ctx.db.prepare('SELECT id FROM links WHERE alias = ?').get(b.custom))
        throw badRequest('custom: alias is already taken');
    }
    if (b.expiry !== undefined && parseDatetime(b.expiry)!.getTime() <= ctx.now().getTime())
      throw badRequest('expiry: must lie in the future');
    let domainId: number | null = null;
    if (b.domain !== undefined) {
      const d = ctx.db
        .prepare('SELECT id FROM domains WHERE account_id = ? AND domain = ?')
        .get(ctx.account.id, new URL(b.domain).origin) as { id: number } | undefined;
      if (!d) throw badRequest('domain: is not one of your branded domains');
      domainId = d.id;
    }
    if (
      b.type &&
      /^\d+$/.test(b.type) &&
      !ctx.db.prepare('SELECT id FROM splash_pages WHERE id = ? AND account_id = ?').get(Number(b.type), ctx.account.id)
    ) {
      throw badRequest('type: no splash page with that id');
    }
    if (
      b.type?.startsWith('overlay-') &&
      !ctx.db
        .prepare('SELECT id FROM overlays WHERE id = ? AND account_id = ?')
        .get(Number(b.type.slice(8)), ctx.account.id)
    ) {
      throw badRequest('type: no CTA overlay with that id');
    }
    if (b.channel !== undefined) owned(ctx, 'channels', b.channel, 'channel: channel');
    if (b.campaign !== undefined) owned(ctx, 'campaigns', b.campaign, 'campaign: campaign');
    let alias = b.custom;
    for (let i = 0; !alias && i < 20; i++) {
      const candidate = randomBytes(6)
        .toString('base64url')
        .replace(/[^A-Za-z0-9]/g, '')
        .slice(0, 6);
      if (
        candidate.length === 6 &&
        !RESERVED_ALIASES.has(candidate.toLowerCase()) &&
        !ctx.db.prepare('SELECT id FROM links WHERE alias = ?').get(candidate)
      )
        alias = candidate;
    }
    if (!alias) throw badRequest('custom: no free alias could be found; choose one');
    const now = datetime(ctx.now());
    const id = ctx.db.transaction(() => {
      const info = ctx.db
        .prepare(
          `INSERT INTO links (account_id, alias, longurl, title, description, domain_id, type, password_hash, expiry, geotarget, devicetarget, languagetarget,
            parameters, metatitle, metadescription, metaimage, pixels, campaign_id, deeplink, status, date)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          ctx.account.id,
          alias,
          b.url,
          // The server never fetches the page (no outbound requests): the meta title, else host and path.
          b.metatitle || titleOf(b.url),
          b.description ?? '',
          domainId,
          b.type ?? 'direct',
          b.password ? hashPassword(b.password) : null,
          b.expiry ?? null,
          JSON.stringify(b.geotarget ?? []),
          JSON.stringify(b.devicetarget ?? []),
          JSON.stringify(b.languagetarget ?? []),
          JSON.stringify(b.parameters ?? []),
          b.metatitle ?? '',
          b.metadescription ?? '',
          b.metaimage ?? '',
          JSON.stringify(b.pixels ?? []),
          b.campaign ?? null,
          b.deeplink ? JSON.stringify(b.deeplink) : null,
          b.status ?? 'private',
          now,
        );
      const linkId = Number(info.lastInsertRowid);
      if (b.channel !== undefined)
        ctx.db
          .prepare('INSERT OR REPLACE INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)')
          .run(b.channel, 'links', linkId, now);
      return linkId;
    })();
    // The create answer is not shown in the spec: ours is {error, id, shorturl}.
    return ok({ id, shorturl: shortUrlOf(ctx.db, ctx.publicUrl, { alias, domain_id: domainId }) });
  }),
];
