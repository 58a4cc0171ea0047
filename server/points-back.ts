import { domainForHost } from './branded-domains';
import type { ApiContext } from './context';
import { hostKeyOfUrl } from './hosts';
import { badRequest } from './http/errors';

/**
 * Whether a URL leads back into this service: one of its own names (see serviceNames) or a
 * branded domain, which by the spec points at the service's server. A redirect there would
 * land on the service again, and again.
 */
function pointsBack(ctx: ApiContext, value: string, newHost: string | null): boolean {
  const url = new URL(value);
  if (ctx.serviceNames.includes(url)) return true;
  const key = hostKeyOfUrl(value);
  return key !== null && (key === newHost || domainForHost(ctx.db, key) !== null);
}

/**
 * Refuses the first of these already validated URLs (field → URL) that leads back into the
 * service. `newHost` is a branded host about to be registered, which is not stored yet.
 */
export function refusePointingBack(
  ctx: ApiContext,
  urls: [field: string, url: string | undefined][],
  newHost: string | null = null,
): void {
  for (const [field, url] of urls) {
    if (url !== undefined && pointsBack(ctx, url, newHost)) {
      throw badRequest(`${field}: must not point back at this service`);
    }
  }
}
