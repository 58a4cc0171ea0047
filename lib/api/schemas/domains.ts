import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { id, text, webUrl } from './primitives';

export const domainSchema = z.object({
  id,
  /** Includes the scheme, e.g. https://go.example.com. */
  domain: text,
  redirectroot: webUrl,
  redirect404: webUrl,
});

/** A page of branded domains, in its envelope (the list's items under `domains`). */
export const domainListSchema = listEnvelopeSchema('domains', domainSchema);
export type Domain = z.infer<typeof domainSchema>;

export const createDomainResponseSchema = z.object({ id });
