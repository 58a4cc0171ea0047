import { z } from 'zod';
import type { SerializedApiError } from '../api/errors';
import type { Account } from '../api/schemas/account';
import { SHOWN_KINDS, type ShownKind } from '../kinds/shown';
import type { ShownTarget } from '../refresh/shown';
import type { ServiceUrlNote } from '../settings/service-url';
import type { OwnReport, ShortenedReply } from './reports';

/**
 * Every message an extension page may send to the background worker. The worker parses each
 * one with this schema before acting, so a malformed or foreign message is refused, not guessed at.
 * Pages write changes to IndexedDB themselves and messages ask the worker to act on them; only a new
 * link from a form is made by the worker, which outlives a page closed the instant after the click.
 */
const connectionId = z.string().min(1).max(64);
const localKey = z.string().min(1).max(64);

export type RefreshType = `${ShownKind}.refresh`;
const refreshType = (kind: ShownKind): RefreshType => `${kind}.refresh`;
const REFRESH_TYPES = SHOWN_KINDS.map(refreshType);
/** The record a refresh message names, as the worker's refresh takes it. */
export const refreshTargetOf = ({ type, key }: { type: RefreshType; key: string }): ShownTarget => ({
  type: SHOWN_KINDS.find((kind) => refreshType(kind) === type)!,
  key,
});

export const requestSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('connection.connect'),
    serviceUrl: z.string().max(2048),
    apiKey: z.string().max(512),
    replacing: connectionId.optional(),
    /** The person agreed to send the key unencrypted to a plain-http service (the form asked). */
    allowPlainHttp: z.boolean().optional(),
    /** false: a connection added beside the active one is kept, not switched to (the page offers the switch). */
    activate: z.boolean().optional(),
  }),
  z.object({ type: z.literal('connection.remove'), id: connectionId }),
  z.object({ type: z.literal('connection.activate'), id: connectionId }),
  // "Send what was queued": `own`, a person's own changes queued claimed in that database, go at once,
  // beside any drain, and the answer carries what the service said to them; then every connection
  // drains (a page's change may belong to one switched away from). Nothing else is meant by it.
  z.object({
    type: z.literal('sync.kick'),
    own: z
      .object({
        database: z.string().min(1).max(128),
        entries: z.array(z.object({ seq: z.number().int().positive(), key: z.string().min(1).max(64) })).max(100),
      })
      .optional(),
  }),
  z.object({ type: z.literal('sync.pull') }),
  // "Refresh this record now", one message per kind a page may show (`link.refresh`, `qr.refresh`…):
  // the same refresh that keeps it fresh while shown, asked for at once, its failure answered.
  z.object({ type: z.enum(REFRESH_TYPES), key: z.string().min(1).max(64) }),
  z.object({ type: z.literal('link.lookup'), shortUrl: z.string().min(1).max(2048) }),
  // "Make this link" from a page's form, written and sent by the worker (lib/links/handed.ts). The
  // fields are the request's, unchecked here: the worker checks them with the API's schema, as any link.
  z.object({
    type: z.literal('link.shorten'),
    key: z.string().regex(/^l[0-9a-z]{16}$/),
    fields: z.record(z.string(), z.unknown()),
    placement: z.object({ channelKey: localKey.nullable(), campaignKey: localKey.nullable() }),
  }),
]);
export type Request = z.infer<typeof requestSchema>;
export type RequestType = Request['type'];

export type ResponseMap = { [T in RefreshType]: { refreshed: true } } & {
  'connection.connect': { account: Account; baseUrl: string; notes: ServiceUrlNote[]; connectionId: string };
  'connection.remove': { removed: true };
  'connection.activate': { activated: true };
  'sync.kick': OwnReport;
  'sync.pull': { started: true };
  /** The mirror key of the link behind a short URL, fetched from the service when not mirrored. */
  'link.lookup': { key: string | null };
  'link.shorten': ShortenedReply;
};

/** The request of one type (a refresh message's type is one of several). */
export type RequestOf<T extends RequestType> = Request extends infer R
  ? R extends { type: infer U }
    ? T extends U
      ? Omit<R, 'type'> & { type: T }
      : never
    : never
  : never;

export type Reply<T extends RequestType> =
  | { ok: true; data: ResponseMap[T] }
  | { ok: false; error: SerializedApiError };
