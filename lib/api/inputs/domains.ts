import { z } from 'zod';
import { words } from '../../words';
import { webUrlInput } from './formats';

/** A branded domain is a scheme and a host, nothing more. */
export const domainNameInput = webUrlInput.superRefine((value, ctx) => {
  try {
    const url = new URL(value);
    if (url.pathname !== '/' || url.search || url.hash || value.replace(/\/$/, '') !== url.origin) {
      ctx.addIssue({ code: 'custom', message: words('input.domain.originOnly') });
    }
  } catch {
    // webUrlInput has already reported it.
  }
});

export const createDomainInput = z.object({
  domain: domainNameInput,
  redirectroot: webUrlInput.optional(),
  redirect404: webUrlInput.optional(),
});
export type CreateDomainInput = z.infer<typeof createDomainInput>;

export const updateDomainInput = z.object({
  redirectroot: webUrlInput.optional(),
  redirect404: webUrlInput.optional(),
});
export type UpdateDomainInput = z.infer<typeof updateDomainInput>;
