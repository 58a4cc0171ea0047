import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { datetime, id, text } from './primitives';

/** CTA overlay; `type` values are not specified, so any text is kept. */
export const overlaySchema = z.object({ id, type: text, name: text, date: datetime });

/** A page of the CTA overlays, in its envelope (the list's items under `cta`). */
export const overlayListSchema = listEnvelopeSchema('cta', overlaySchema);
export type Overlay = z.infer<typeof overlaySchema>;

export const splashPageSchema = z.object({ id, name: text, date: datetime });

/** A page of splash pages, in its envelope (the list's items under `splash`). */
export const splashPageListSchema = listEnvelopeSchema('splash', splashPageSchema);
export type SplashPage = z.infer<typeof splashPageSchema>;
