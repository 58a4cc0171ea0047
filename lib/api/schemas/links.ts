import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { count, datetime, id, MAX_URL, targetMap, text, webUrl } from './primitives';
import { pickObject } from './qr';
import { optionalStatistics } from './stats';

/** The long URL is kept as the service sent it (as text): the UI links it only when it is http(s). */
const longUrl = z
  .union([z.string()])
  .nullish()
  .transform((v) => (v ?? '').slice(0, MAX_URL));

export const linkSchema = z.object({
  id,
  alias: text,
  shorturl: webUrl,
  longurl: longUrl,
  clicks: count,
  title: text,
  description: text,
  date: datetime,
});

/** A page of links, in its envelope (the list's items under `urls`). */
export const linkListSchema = listEnvelopeSchema('urls', linkSchema);
export type Link = z.infer<typeof linkSchema>;

export const linkDetailsSchema = z.object({
  id,
  shorturl: webUrl,
  longurl: longUrl,
  title: text,
  description: text,
  location: targetMap,
  device: targetMap,
  expiry: datetime,
  date: datetime,
});

/** GET /api/url/{id} (and a `short` lookup that matched): the top-level id duplicates details.id. */
export const linkDetailResponseSchema = z.object({
  id: id.optional(),
  details: linkDetailsSchema,
  data: optionalStatistics,
});
export type LinkDetail = {
  details: z.infer<typeof linkDetailsSchema>;
  stats: z.infer<typeof optionalStatistics>;
};

/**
 * The create response is not specified. Accepted: {id, shorturl}, {id, link}, {id} alone, and
 * richer shapes (flat, or the record under `details` or `data`). A missing short URL is
 * reported as null, and the caller can fetch the record by id.
 */
export const createLinkResponseSchema = z
  .object({
    id: z.unknown().optional(),
    shorturl: z.unknown().optional(),
    short: z.unknown().optional(),
    link: z.unknown().optional(),
    details: z.unknown().optional(),
    data: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const nested = pickObject(body.details) ?? pickObject(body.data);
    const parsedId = id.safeParse(body.id ?? nested?.id);
    if (!parsedId.success) {
      ctx.addIssue({ code: 'custom', message: 'the new link id is missing', path: ['id'] });
      return z.NEVER;
    }
    const candidates = [body.shorturl, body.short, body.link, nested?.shorturl, nested?.short, nested?.link];
    const shorturl = candidates.map((c) => webUrl.parse(c)).find((u) => u !== '') ?? null;
    return { id: parsedId.data, shorturl };
  });
