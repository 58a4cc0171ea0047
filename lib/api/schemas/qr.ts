import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { count, datetime, id, text, webUrl } from './primitives';
import { optionalStatistics } from './stats';

export const qrCodeSchema = z.object({ id, link: webUrl, scans: count, name: text, date: datetime });

/** A page of QR codes, in its envelope (the list's items under `qrs`). */
export const qrCodeListSchema = listEnvelopeSchema('qrs', qrCodeSchema);
export type QrCode = z.infer<typeof qrCodeSchema>;

export const qrDetailResponseSchema = z.object({ details: qrCodeSchema, data: optionalStatistics });
export type QrDetail = { qr: QrCode; stats: z.infer<typeof optionalStatistics> };

/**
 * The create response is not specified. Accepted: {id}, {id, link}, and richer shapes up to a
 * whole record (flat or under `details`/`data`). Whatever is missing can be read with getQrCode.
 */
export const createQrResponseSchema = z
  .object({
    id: id.optional(),
    link: z.unknown().optional(),
    details: z.unknown().optional(),
    data: z.unknown().optional(),
  })
  .transform((body, ctx) => {
    const nested = pickObject(body.details) ?? pickObject(body.data);
    const rawId = body.id ?? nested?.id;
    const parsedId = id.safeParse(rawId);
    if (!parsedId.success) {
      ctx.addIssue({ code: 'custom', message: 'the new QR code id is missing', path: ['id'] });
      return z.NEVER;
    }
    const link = webUrl.parse(typeof body.link === 'string' ? body.link : nested?.link);
    return { id: parsedId.data, link: link === '' ? null : link };
  });

export function pickObject(v: unknown): Record<string, unknown> | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}
