import { z } from 'zod';
import { datetime, id, text } from './primitives';

/** A tracking pixel: its network (`type`), the name people know it by, and the network's id (`tag`). */
export const pixelSchema = z.object({ id, type: text, name: text, tag: text, date: datetime });
export type Pixel = z.infer<typeof pixelSchema>;
