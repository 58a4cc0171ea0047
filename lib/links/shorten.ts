import { ApiError, isApiError } from '../api/errors';
import { checkLink, type LinkFields, type LinkForm, linkFieldsInput, parseLinkForm } from '../api/inputs/links';
import type { FieldErrors } from '../api/validate-input';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import { aliasHolders } from '../kinds/link';
import { create } from '../sync/actions';
import { createAnswered, type SendOwn } from '../sync/answer';
import { words } from '../words';
import { linkForPage, linkOfShortUrl, placementInMirror } from './queries';

/** Where a link is made: the mirror, and how a change made there reaches the worker that sends it. */
export interface ShortenPlace {
  db: LinkpilotDb;
  /** From a page, a message to the worker (lib/sync/kick.ts); in the worker, its own engine. */
  send?: SendOwn;
  /** How long to wait for the service's answer before the link counts as queued (lib/sync/answer.ts). */
  waitMs?: number;
  now?: () => number;
}

/** A link as a form holds it, or as request fields (a list's line): not yet checked. */
export type LinkAsked = { form: LinkForm } | { fields: Record<string, unknown> };

export type ShortenRequest = LinkAsked & {
  /** Its channel and campaign, local keys; one the mirror no longer has is left out. */
  placement?: { channelKey: string | null; campaignKey: string | null };
  /**
   * A page's existing link is used rather than another made: what a browser surface without a form
   * asks for (the shortcut, the menu, a text field). A form always makes the link it describes.
   */
  reuseExisting?: boolean;
  /**
   * The link's local key, chosen where it was asked for: asked again under the same key (a page
   * whose worker failed before it answered, lib/links/handed.ts), a link already written is the
   * one answered, never made twice.
   */
  key?: string;
};

/**
 * How a shortening ended:
 * - invalid: nothing written, the problems by field (messages, lib/words.ts);
 * - existing: the page's link, already made (only with `reuseExisting`);
 * - made: the service answered with the link;
 * - queued: written here, and the outbox sends it when it can (offline, or no answer in time);
 * - refused: the service said no, and `error` says why; a link made now is taken back (a page's
 *   link refused before, found with `reuseExisting`, stays in Sync, where it waits to be fixed).
 */
export type Shortened =
  | { state: 'invalid'; errors: FieldErrors }
  | { state: 'existing'; link: LinkRow }
  | { state: 'made'; link: LinkRow }
  | { state: 'queued'; link: LinkRow }
  | { state: 'refused'; error: ApiError };

/**
 * Makes one short link, for every place a person asks for one (the popup's and the dashboard's
 * forms, the shortcut, the context menu, a text field): checks it, writes it and its outbox entry,
 * hands it to the worker and waits for the service's answer (lib/sync/answer.ts createAnswered).
 *
 * A refusal is taken back: the link's row and entry go and the refusal is returned, for the person
 * to read where they asked. A form shows it at its field with what they typed still there; a
 * surface without a form says it in its notification, and what it sent was only the page's address
 * and title, which the page still has. Nothing is left in the queue to fail again. Only a page that
 * closes before the answer leaves the refusal in the outbox, for Sync and the banner to show.
 * A list (lib/bulk/queue.ts) is checked line by line with the same `checkShortening`.
 */
export async function shortenLink(place: ShortenPlace, request: ShortenRequest): Promise<Shortened> {
  const { db } = place;
  const now = place.now ?? Date.now;
  // Side by side: each is a trip to IndexedDB, on the way of a person waiting for their link.
  const [checked, asked, placement] = await Promise.all([
    checkShortening(db, request, new Date(now())),
    request.key ? db.links.get(request.key) : undefined,
    placementInMirror(db, request.placement ?? { channelKey: null, campaignKey: null }),
  ]);
  if (checked.errors) return { state: 'invalid', errors: checked.errors };
  const { fields } = checked;
  if (asked) return standing(db, asked);
  if (request.reuseExisting) {
    const existing = await linkForPage(db, fields.url);
    if (existing) return standing(db, existing);
  }
  const local: { row?: Promise<LinkRow | undefined> } = {};
  try {
    const { key, made } = await createAnswered(
      db,
      (ctx) =>
        create({ ...ctx, now }, 'link', { input: fields, ...placement, ...(request.key && { key: request.key }) }),
      {
        ...(place.send && { send: place.send }),
        ...(place.waitMs !== undefined && { waitMs: place.waitMs }),
        // Read while the service is asked: its answer completes the row as written here.
        queued: (key) => {
          local.row = db.links.get(key);
        },
      },
    );
    // Written in the transaction that gave the key, and there until a refusal takes it back.
    const written = (await local.row) as LinkRow;
    if (made === null) return { state: 'queued', link: written };
    const link = { ...written, ...made } as LinkRow;
    // Known only to be written (its entry left the outbox): the short URL is in the row by now.
    return { state: 'made', link: link.shorturl ? link : ((await db.links.get(key)) ?? link) };
  } catch (error) {
    if (isApiError(error)) return { state: 'refused', error };
    throw error;
  }
}

/**
 * The one check of a link to be made, before anything is written: its fields as the API's schema
 * and the clock allow, not one of the account's own short links (the service refuses a link back to
 * itself), and an alias not already known to be taken. Every problem at once, by field.
 */
export async function checkShortening(
  db: LinkpilotDb,
  asked: LinkAsked,
  now: Date,
  // A list asks the mirror once for all its lines (ownShortUrlsAmong), not once per line.
  isOwnShortUrl: (url: string) => Promise<boolean> | boolean = async (url) => !!(await linkOfShortUrl(db, url)),
): Promise<{ fields: LinkFields; errors: null } | { fields: null; errors: FieldErrors }> {
  const parsed = 'form' in asked ? parseLinkForm(asked.form, now) : checkLink(linkFieldsInput, asked.fields, now);
  if (parsed.errors) {
    // An alias the mirror knows is taken is said beside a bad address, not only after it is fixed.
    const alias = 'form' in asked ? asked.form.custom : asked.fields.custom;
    const taken =
      !parsed.errors.custom &&
      typeof alias === 'string' &&
      alias.trim() &&
      (await aliasHolders(db, alias.trim())).length > 0;
    return { fields: null, errors: taken ? { ...parsed.errors, custom: words('refusal.aliasTaken') } : parsed.errors };
  }
  if (await isOwnShortUrl(parsed.fields.url)) return { fields: null, errors: { url: words('refusal.urlPointsBack') } };
  return parsed;
}

/** The first of a check's problems as a refusal, for a caller that stops at one (a list queued whole). */
export function firstProblem(errors: FieldErrors): ApiError {
  const [field, message] = Object.entries(errors)[0] ?? ['_', words('input.invalid')];
  return new ApiError({ kind: 'validation', field: field === '_' ? null : field, message, retryable: false });
}

/** A page's existing link as an outcome: made, still queued, or refused earlier (its entry left for Sync). */
async function standing(db: LinkpilotDb, link: LinkRow): Promise<Shortened> {
  if (link.shorturl) return { state: 'existing', link };
  const refused = await db.outbox
    .where('key')
    .equals(link.key)
    .filter((e) => e.op === 'create' && e.state === 'failed')
    .first();
  if (refused?.error) return { state: 'refused', error: ApiError.from(refused.error) };
  return { state: 'queued', link };
}
