import { z } from 'zod';
import { type MessageKey, words } from '../../words';
import { ApiError } from '../errors';
import { type FieldErrors, fieldErrors } from '../validate-input';
import { webUrlProblem } from '../web-url';
import { aliasInput, datetimeInput, limitedText, serverId, webUrlInput } from './formats';

/** direct | frame | splash, a custom splash page id ("12"), or a CTA overlay ("overlay-3"). */
export const redirectTypeInput = z
  .string()
  .trim()
  .regex(/^(direct|frame|splash|\d{1,10}|overlay-\d{1,10})$/, words('input.link.redirectType'));

const target = <K extends string>(key: K, keyInput: z.ZodType<string>) =>
  z
    .array(
      z.object({ [key]: keyInput, link: webUrlInput } as { [P in K]: z.ZodType<string> } & {
        link: typeof webUrlInput;
      }),
    )
    .max(100, words('input.atMostEntries', { max: 100 }));

/** A country or device a target is for; `missing` says which is wanted. */
const targetName = (missing: MessageKey) =>
  z
    .string()
    .trim()
    .min(1, words(missing))
    .max(100, words('input.atMost', { max: 100 }));

const imageUrlInput = webUrlInput.refine((v) => /\.(png|jpe?g)(\?.*)?$/i.test(v), words('input.link.imageType'));

/** App-store links, one URL per store key (apple, google, …), plus `auto` to derive them from the long URL. */
const deeplinkInput = z
  .record(z.string().regex(/^[A-Za-z][\w-]{0,30}$/, words('input.link.storeKey')), z.union([z.boolean(), z.string()]))
  .superRefine((links, ctx) => {
    for (const [store, value] of Object.entries(links)) {
      if (store === 'auto') {
        if (typeof value !== 'boolean')
          ctx.addIssue({ code: 'custom', path: [store], message: words('input.link.autoFlag') });
        continue;
      }
      const problem = typeof value === 'string' ? webUrlProblem(value.trim()) : words('input.link.storeUrl');
      if (problem) ctx.addIssue({ code: 'custom', path: [store], message: problem });
    }
  });

export const linkStatus = z.enum(['public', 'private'], { error: words('input.link.status') });

export const createLinkInput = z.object({
  url: webUrlInput,
  custom: aliasInput.optional(),
  type: redirectTypeInput.optional(),
  password: z
    .string()
    .min(1, words('input.empty'))
    .max(200, words('input.tooLong.password', { max: 200 }))
    .optional(),
  domain: webUrlInput.optional(),
  expiry: datetimeInput.optional(),
  geotarget: target('location', targetName('input.link.country')).optional(),
  devicetarget: target('device', targetName('input.link.device')).optional(),
  languagetarget: target(
    'language',
    z
      .string()
      .trim()
      .regex(/^[a-z]{2,3}(-[A-Za-z]{2})?$/, words('input.link.languageCode')),
  ).optional(),
  parameters: z
    .array(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, words('input.link.parameterName'))
          .max(100, words('input.atMost', { max: 100 })),
        value: z.string().max(500, words('input.atMost', { max: 500 })),
      }),
    )
    .max(50, words('input.atMostEntries', { max: 50 }))
    .optional(),
  metatitle: limitedText('input.tooLong.metaTitle', 500).optional(),
  metadescription: limitedText('input.tooLong.metaDescription', 500).optional(),
  metaimage: imageUrlInput.optional(),
  description: limitedText('input.tooLong.linkDescription', 500).optional(),
  pixels: z
    .array(serverId)
    .max(50, words('input.atMostEntries', { max: 50 }))
    .optional(),
  channel: serverId.optional(),
  campaign: serverId.optional(),
  deeplink: deeplinkInput.optional(),
  status: linkStatus.optional(),
});
export type CreateLinkInput = z.input<typeof createLinkInput>;

/** Checks that an expiry lies in the future by the given clock. */
export function expiryProblem(expiry: string | undefined, now: Date): string | null {
  if (!expiry) return null;
  return Date.parse(`${expiry.replace(' ', 'T')}Z`) <= now.getTime() ? words('input.link.expiryPast') : null;
}

/** A link's create fields without its channel and campaign, which are named by local key until sent. */
export const linkFieldsInput = createLinkInput.omit({ channel: true, campaign: true });
export type LinkFields = z.input<typeof linkFieldsInput>;

/** The redirect types every service offers; custom splash pages and CTA overlays are added by id. */
export const BASIC_REDIRECT_TYPES = ['direct', 'frame', 'splash'] as const;
/** How the service takes a custom splash page as the redirect type: its id. */
export const splashPageType = (id: number) => String(id);
/** How the service takes a CTA overlay as the redirect type (the spec leaves the format open). */
export const overlayType = (id: number) => `overlay-${id}`;

/** One "key → link" row of a targeting list (or "name → value" of a URL parameter), as typed. */
export interface KeyedLink {
  key: string;
  link: string;
}

/** What a link form holds, as a person typed it; blank fields are left out of the request. */
export interface LinkForm {
  url: string;
  custom?: string;
  password?: string;
  expiry?: string;
  metatitle?: string;
  metadescription?: string;
  metaimage?: string;
  description?: string;
  /** A redirect type as the API takes it (see splashPageType, overlayType). */
  type?: string;
  domain?: string;
  status?: 'public' | 'private';
  geo?: KeyedLink[];
  device?: KeyedLink[];
  language?: KeyedLink[];
  parameters?: KeyedLink[];
  /** Pixel ids, comma-separated. */
  pixels?: string;
  deeplink?: { apple?: string; google?: string; auto?: boolean };
  /** In an edit: take the link's password away (a form never shows the one it has, so it cannot be emptied). */
  removePassword?: boolean;
}

const TEXT_FIELDS = [
  'url',
  'custom',
  'password',
  'expiry',
  'metatitle',
  'metadescription',
  'metaimage',
  'description',
] as const;

/** The request fields a form stands for, not yet validated: parse them with linkFieldsInput. */
export function linkFieldsOf(form: LinkForm): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) {
    const value = form[name];
    if (value !== undefined && value.trim() !== '') out[name] = value;
  }
  if (form.type && form.type !== 'direct') out.type = form.type;
  if (form.domain) out.domain = form.domain;
  if (form.status) out.status = form.status;
  const pairs = (rows: KeyedLink[] | undefined, key: string, value = 'link') =>
    rows?.length ? rows.map((r) => ({ [key]: r.key, [value]: r.link })) : undefined;
  const lists = {
    geotarget: pairs(form.geo, 'location'),
    devicetarget: pairs(form.device, 'device'),
    languagetarget: pairs(form.language, 'language'),
    parameters: pairs(form.parameters, 'name', 'value'),
  };
  for (const [name, list] of Object.entries(lists)) if (list) out[name] = list;
  if (form.pixels?.trim())
    out.pixels = form.pixels.split(',').map((p) => (/^\s*\d+\s*$/.test(p) ? Number(p) : p.trim()));
  const { apple, google, auto = false } = form.deeplink ?? {};
  if (apple || google || auto) out.deeplink = { ...(apple ? { apple } : {}), ...(google ? { google } : {}), auto };
  return out;
}

/** A form checked as the client checks it before anything is queued, the expiry by this clock. */
export function parseLinkForm(
  form: LinkForm,
  now: Date,
): { fields: LinkFields; errors: null } | { fields: null; errors: FieldErrors } {
  return checkLink(linkFieldsInput, linkFieldsOf(form), now);
}

type LinkSchema = typeof createLinkInput | typeof linkFieldsInput | typeof updateLinkInput | typeof linkEditInput;

/**
 * The one check of a link's fields, wherever a link is made (forms, actions, the client): its
 * schema, and an expiry that lies in the future by the given clock (which a schema has not).
 */
export function checkLink<S extends LinkSchema>(
  schema: S,
  values: unknown,
  now: Date,
): { fields: z.infer<S>; errors: null } | { fields: null; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const expiry = typeof values === 'object' && values !== null ? (values as { expiry?: unknown }).expiry : undefined;
  const late = expiryProblem(typeof expiry === 'string' ? expiry : undefined, now);
  if (late) errors.expiry ??= late;
  return parsed.success && !late ? { fields: parsed.data as z.infer<S>, errors: null } : { fields: null, errors };
}

/** The same check, its first problem thrown as a validation error (before anything is queued or sent). */
export function validLink<S extends LinkSchema>(schema: S, values: unknown, now: Date): z.infer<S> {
  const checked = checkLink(schema, values, now);
  if (checked.errors === null) return checked.fields;
  const [field, message] = Object.entries(checked.errors)[0] ?? ['_', words('input.invalid')];
  throw new ApiError({ kind: 'validation', field: field === '_' ? null : field, message, retryable: false });
}

/**
 * A link's edit (PUT /api/url/{id}/update): its long URL always (the service requires it), and only
 * the fields that changed. `null` takes away an expiry, a password, a branded domain, a channel or
 * a campaign, as the service documents; lists are replaced whole (an empty list clears one).
 */
export const updateLinkInput = createLinkInput.partial().extend({
  url: webUrlInput,
  password: createLinkInput.shape.password.unwrap().nullable().optional(),
  domain: webUrlInput.nullable().optional(),
  expiry: datetimeInput.nullable().optional(),
  channel: serverId.nullable().optional(),
  campaign: serverId.nullable().optional(),
});
export type UpdateLinkInput = z.input<typeof updateLinkInput>;

/** A queued edit of a link: its channel and campaign are changed by their own assignments, or taken away here. */
export const linkEditInput = updateLinkInput.omit({ channel: true, campaign: true }).extend({
  channel: z.null().optional(),
  campaign: z.null().optional(),
});
export type LinkEdit = z.input<typeof linkEditInput>;

/** Fields a link keeps once given: clearing them in a form changes nothing on the service. */
const KEPT_WHEN_CLEARED = new Set(['custom', 'metaimage', 'deeplink']);
/** Fields the service takes away when sent as null. */
const CLEARED_BY_NULL = new Set(['expiry', 'password', 'domain']);
/** What an emptied field is sent as, for the others: an empty text, list or the plain redirect. */
const emptied = (name: string): unknown => (name === 'type' ? 'direct' : LIST_FIELDS.has(name) ? [] : '');
const LIST_FIELDS = new Set(['geotarget', 'devicetarget', 'languagetarget', 'parameters', 'pixels']);

/**
 * The edit a form makes of a link: its long URL (the service requires it) and every field whose
 * value differs from what the form was opened with. Not yet validated: check it with linkEditInput.
 */
export function linkEditOf(before: LinkForm, after: LinkForm): Record<string, unknown> {
  const [was, now] = [linkFieldsOf(before), linkFieldsOf(after)];
  const edit: Record<string, unknown> = { url: now.url ?? after.url };
  for (const name of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (name === 'url' || JSON.stringify(was[name]) === JSON.stringify(now[name])) continue;
    if (name in now) edit[name] = now[name];
    else if (CLEARED_BY_NULL.has(name)) edit[name] = null;
    else if (!KEPT_WHEN_CLEARED.has(name)) edit[name] = emptied(name);
  }
  // Asked for in so many words: null takes the password away, as it takes away an expiry.
  if (after.removePassword) edit.password = null;
  return edit;
}
