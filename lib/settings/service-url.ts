import { words } from '../words';
import { isLoopback, withHttps } from './bare-host';

export { isLoopback };

/**
 * Turns what a person typed into the "Service URL" field into the base URL every API path is
 * appended to, or explains precisely what is wrong with it. Pure, so it is shared by the
 * settings form (instant feedback) and the background (which never trusts the page).
 */
/** What was changed or is worth knowing about an accepted URL; the view puts it in words (settings.note.*). */
export type ServiceUrlNote = 'addedScheme' | 'trailingSlash' | 'plainHttp';

export type ServiceUrlResult =
  | { ok: true; baseUrl: string; origin: string; notes: ServiceUrlNote[] }
  | { ok: false; message: string };

export function parseServiceUrl(input: string): ServiceUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, message: words('connect.url.empty') };
  if (/\s/.test(text)) return { ok: false, message: words('connect.url.spaces') };
  // A scheme written without slashes ("mailto:…"); "localhost:8787" is a host and port (a digit follows).
  if (/^[a-z][a-z0-9+.-]*:(?!\d|\/\/)/i.test(text)) {
    return { ok: false, message: words('connect.url.protocol', { protocol: text.slice(0, text.indexOf(':')) }) };
  }
  const typed = withHttps(text);
  if (!typed.added && !/^[a-z][a-z0-9+.-]*:\/\//i.test(text))
    return { ok: false, message: words('connect.url.invalid') };
  let url: URL;
  try {
    url = new URL(typed.value);
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
  const notes: ServiceUrlNote[] = typed.added ? ['addedScheme'] : [];
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

/** The host-permission match pattern that covers a service origin (ports are not part of patterns). */
export function originPermissionPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}
