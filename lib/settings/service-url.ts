import { words } from '../words';

/**
 * Turns what a person typed into the "Service URL" field into the base URL every API path is
 * appended to, or explains precisely what is wrong with it. Pure, so it is shared by the
 * settings form (instant feedback) and the background (which never trusts the page).
 */
/** What was changed or is worth knowing about an accepted URL; the view puts it in words (settings.note.*). */
export type ServiceUrlNote = 'trailingSlash' | 'plainHttp';

export type ServiceUrlResult =
  | { ok: true; baseUrl: string; origin: string; notes: ServiceUrlNote[] }
  | { ok: false; message: string };

export function parseServiceUrl(input: string): ServiceUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: words('connect.url.empty') };
  if (/\s/.test(text)) return { ok: false, message: words('connect.url.spaces') };
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return { ok: false, message: words('connect.url.scheme') };
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: words('connect.url.invalid') };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, message: words('connect.url.protocol', { protocol: url.protocol.slice(0, -1) }) };
  }
  if (url.username || url.password) {
    return { ok: false, message: words('connect.url.credentials') };
  }
  if (url.search || url.hash) {
    return { ok: false, message: words('connect.url.query') };
  }
  const notes: ServiceUrlNote[] = [];
  let path = url.pathname;
  // People often paste an endpoint they saw in the docs; every path is {base_url}/api/…,
  // so a path that reaches into /api is a mistake we can name exactly.
  const apiAt = path.search(/\/api(\/|$)/);
  if (apiAt !== -1) {
    return {
      ok: false,
      message: words('connect.url.apiPath', { base: `${url.origin}${path.slice(0, apiAt)}`, rest: path.slice(apiAt) }),
    };
  }
  if (path.length > 1 && path.endsWith('/')) {
    notes.push('trailingSlash');
  }
  path = path.replace(/\/+$/, '');
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    notes.push('plainHttp');
  }
  return { ok: true, baseUrl: `${url.origin}${path}`, origin: url.origin, notes };
}

export function isLoopback(hostname: string): boolean {
  return hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]';
}

/** The host-permission match pattern that covers a service origin (ports are not part of patterns). */
export function originPermissionPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
