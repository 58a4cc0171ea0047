import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { domainForHost } from '../branded-domains';
import { type ApiContext, type Route, route } from '../context';
import { hostKey, hostKeyOfUrl } from '../hosts';
import { badRequest } from '../http/errors';
import { shortUrlOf } from '../links-view';
import { hashPassword } from '../passwords';
import { refusePointingBack } from '../points-back';
import { RESERVED_ALIASES } from '../reserved';
import { withoutControls } from '../text-rules';
import { datetime, parseDatetime } from '../time';
import { datetimeField, httpUrl, line, paragraph, parse, positiveId } from '../validate';
import { ok, owned } from './common';

const target = <K extends string>(key: K, keySchema: z.ZodType<string>) =>
  z
    .array(z.object({ [key]: keySchema, link: httpUrl } as Record<K, z.ZodType<string>> & { link: typeof httpUrl }), {
      error: 'must be an array',
    })
    .max(100, 'at most 100 entries');

export const createBody = z.object({
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
  // Hashed, never shown: any character is allowed (the form field is the only way to send it back).
  password: z.string({ error: 'must be a string' }).max(200, 'must be at most 200 characters').optional(),
  // A URL (https://go.example.com) or, as older clients send it, a bare host (go.example.com).
  domain: z
    .string({ error: 'must be a string' })
    .trim()
    .max(2048, 'must be at most 2048 characters')
    .refine(...withoutControls)
    .optional(),
  expiry: datetimeField.optional(),
  geotarget: target('location', line(100, { required: true })).optional(),
  devicetarget: target('device', line(100, { required: true })).optional(),
  languagetarget: target(
    'language',
    z.string({ error: 'must be a string' }).regex(/^[a-z]{2,3}(-[A-Za-z]{2})?$/, 'must be a language code like en'),
  ).optional(),
  parameters: z
    .array(z.object({ name: line(100, { required: true }), value: line(500) }), { error: 'must be an array' })
    .max(50)
    .optional(),
  metatitle: line(500).optional(),
  metadescription: paragraph(500).optional(),
  metaimage: httpUrl.refine((v) => /\.(png|jpe?g)(\?.*)?$/i.test(v), 'must be a .png or .jpg image URL').optional(),
  description: paragraph(500).optional(),
  pixels: z.array(positiveId, { error: 'must be an array of integers' }).max(50).optional(),
  channel: positiveId.optional(),
  campaign: positiveId.optional(),
  deeplink: z
    .record(
      z.string().regex(/^[A-Za-z][\w-]{0,30}$/, 'store keys are short words like apple or google'),
      z.union([z.boolean(), httpUrl]),
      { error: 'must be an object of store URLs' },
    )
    .optional(),
  status: z.enum(['public', 'private'], { error: 'must be public or private' }).optional(),
});
export type CreateBody = z.infer<typeof createBody>;

/** The id of the account's branded domain that `domain` names, given as a URL or a bare host. */
export function accountDomainId(ctx: ApiContext, domain: string): number {
  const key = /^[a-z][a-z0-9+.-]*:\/\//i.test(domain) ? hostKeyOfUrl(domain) : hostKey(domain);
  if (key === null) throw badRequest('domain: must be a host like go.example.com or a URL like https://go.example.com');
  const found = domainForHost(ctx.db, key);
  if (!found || found.account_id !== ctx.account.id) throw badRequest('domain: is not one of your branded domains');
  return found.id;
}

/** Everything a visit may be redirected to. */
export const redirectTargets = (
  b: Pick<CreateBody, 'url' | 'geotarget' | 'devicetarget' | 'languagetarget' | 'deeplink'>,
): [string, string | undefined][] => [
  ['url', b.url],
  ...(['geotarget', 'devicetarget', 'languagetarget'] as const).flatMap((list) =>
    (b[list] ?? []).map((t, i): [string, string] => [`${list}.${i}.link`, t.link]),
  ),
  ...Object.entries(b.deeplink ?? {}).map(([store, v]): [string, string | undefined] => [
    `deeplink.${store}`,
    typeof v === 'string' ? v : undefined,
  ]),
];

export function checkReferences(
  ctx: ApiContext,
  b: Pick<CreateBody, 'type' | 'pixels'> & { channel?: number | null; campaign?: number | null },
): void {
  if (b.type && /^\d+$/.test(b.type) && !ownedBy(ctx, 'splash_pages', Number(b.type))) {
    throw badRequest('type: no splash page with that id');
  }
  if (b.type?.startsWith('overlay-') && !ownedBy(ctx, 'overlays', Number(b.type.slice(8)))) {
    throw badRequest('type: no CTA overlay with that id');
  }
  if (b.channel != null) owned(ctx, 'channels', b.channel, 'channel: channel');
  if (b.campaign != null) owned(ctx, 'campaigns', b.campaign, 'campaign: campaign');
  // A service that manages pixels knows which are the account's; one without (--without-edits) keeps ids as given.
  for (const [i, pixel] of ctx.edits ? (b.pixels ?? []).entries() : []) {
    if (!ownedBy(ctx, 'pixels', pixel)) throw badRequest(`pixels.${i}: no pixel with that id`);
  }
}

const ownedBy = (ctx: ApiContext, table: string, id: number) =>
  ctx.db.prepare(`SELECT id FROM ${table} WHERE id = ? AND account_id = ?`).get(id, ctx.account.id) !== undefined;

/** Reserved, or another link's (`self` is the link being edited, which may keep its own). */
const aliasTaken = (ctx: ApiContext, alias: string, self = 0) =>
  RESERVED_ALIASES.has(alias.toLowerCase()) ||
  ctx.db.prepare('SELECT id FROM links WHERE alias = ? AND id != ?').get(alias, self) !== undefined;

export function chooseAlias(ctx: ApiContext, custom: string | undefined, self = 0): string {
  if (custom !== undefined) {
    if (RESERVED_ALIASES.has(custom.toLowerCase())) throw badRequest('custom: is reserved');
    if (aliasTaken(ctx, custom, self)) throw badRequest('custom: alias is already taken');
    return custom;
  }
  for (let i = 0; i < 20; i++) {
    const candidate = randomBytes(6)
      .toString('base64url')
      .replace(/[^A-Za-z0-9]/g, '')
      .slice(0, 6);
    if (candidate.length === 6 && !aliasTaken(ctx, candidate)) return candidate;
  }
  throw badRequest('custom: no free alias could be found; choose one');
}

export function refusePastExpiry(ctx: ApiContext, expiry: string | null | undefined): void {
  if (expiry != null && parseDatetime(expiry)!.getTime() <= ctx.now().getTime()) {
    throw badRequest('expiry: must lie in the future');
  }
}

export function titleOf(url: string): string {
  const u = new URL(url);
  return (u.hostname + (u.pathname === '/' ? '' : u.pathname)).slice(0, 500);
}

export const linkCreateRoute: Route = route('POST', '/api/url/add', async (ctx) => {
  const b = parse(createBody, await ctx.body());
  // Hashed first, off the main thread: from here to the insert nothing waits, so no other request
  // can take the alias between its check and its use.
  const passwordHash = b.password ? await hashPassword(b.password) : null;
  refusePointingBack(ctx, redirectTargets(b));
  refusePastExpiry(ctx, b.expiry);
  const domainId = b.domain === undefined ? null : accountDomainId(ctx, b.domain);
  checkReferences(ctx, b);
  const alias = chooseAlias(ctx, b.custom);
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
        passwordHash,
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
    if (b.channel !== undefined) {
      ctx.db
        .prepare('INSERT OR REPLACE INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)')
        .run(b.channel, 'links', linkId, now);
    }
    return linkId;
  })();
  // The create answer is not shown in the spec: ours is {error, id, shorturl}.
  return ok({ id, shorturl: shortUrlOf(ctx.db, ctx.publicUrl, { alias, domain_id: domainId }) });
});
