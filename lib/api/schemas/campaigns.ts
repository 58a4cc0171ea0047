import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { bool, id, optionalWebUrl, text, webUrl } from './primitives';

/**
 * A campaign; its name arrives under `name` or, in create/update responses and some list
 * entries, under `domain`. Either way it leaves this schema as `name`.
 */
export const campaignSchema = z
  .object({
    id,
    name: z.unknown().optional(),
    domain: z.unknown().optional(),
    public: bool,
    /** URL of the rotator, or null where the service sends false. */
    rotator: optionalWebUrl,
    list: webUrl,
  })
  .transform(({ name, domain, ...rest }) => ({
    ...rest,
    name: text.parse(typeof name === 'string' && name !== '' ? name : typeof domain === 'string' ? domain : ''),
  }));

/** A page of campaigns, in its envelope (the list's items under `campaigns`). */
export const campaignListSchema = listEnvelopeSchema('campaigns', campaignSchema);
export type Campaign = z.infer<typeof campaignSchema>;
