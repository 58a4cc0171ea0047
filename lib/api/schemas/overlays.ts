import { z } from 'zod';
import { datetime, id, text } from './primitives';

/** CTA overlay; `type` values are not specified, so any text is kept. */
export const overlaySchema = z.object({ id, type: text, name: text, date: datetime });
export type Overlay = z.infer<typeof overlaySchema>;

export const splashPageSchema = z.object({ id, name: text, date: datetime });
export type SplashPage = z.infer<typeof splashPageSchema>;
