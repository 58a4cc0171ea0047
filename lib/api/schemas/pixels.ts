import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { datetime, id, text } from './primitives';

/**
 * The networks a pixel reports to, as the local service lists them (server/README.md). Written here
 * and in server/routes/pixels.ts alike: the service imports nothing from the client, and a contract
 * test (tests/contract/edits.test.ts) adds a pixel of each network offered here.
 */
export const PIXEL_TYPES = [
  'facebook',
  'gtmpixel',
  'gapixel',
  'adwords',
  'linkedin',
  'twitter',
  'adroll',
  'quora',
  'pinterest',
  'bing',
  'snapchat',
  'reddit',
  'tiktok',
] as const;
export type PixelType = (typeof PIXEL_TYPES)[number];

/** A tracking pixel: its network (`type`), the name people know it by, and the network's id (`tag`). */
export const pixelSchema = z.object({ id, type: text, name: text, tag: text, date: datetime });

/** A page of tracking pixels, in its envelope (the list's items under `pixels`). */
export const pixelListSchema = listEnvelopeSchema('pixels', pixelSchema);
export type Pixel = z.infer<typeof pixelSchema>;

/** POST /api/pixel/add and PUT /api/pixel/{id}/update answer with the pixel's id. */
export const pixelIdResponseSchema = z.object({ id });
