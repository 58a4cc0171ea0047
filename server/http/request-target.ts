import type { IncomingMessage } from 'node:http';
import { hostKey } from '../hosts';
import { HttpError } from './errors';

export interface RequestTarget {
  /** Path and query of the request. */
  url: URL;
  /** The host the request is for (see hostKey), or null when it names none. */
  host: string | null;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;
const badTarget = () => new HttpError(400, 'Request target: must be a path such as /api/account or an http(s) URL.');

/**
 * Reads the request target, which a client may send as a path (origin form) or as a whole URL
 * (absolute form, RFC 9112 §3.2.2: then its host is the one that counts, not the Host header).
 * Anything unreadable is a 400 here, inside the guarded handler, never an exception outside it.
 */
export function readTarget(req: IncomingMessage): RequestTarget {
  const raw = req.url ?? '';
  let url: URL;
  try {
    if (ABSOLUTE_FORM.test(raw)) {
      url = new URL(raw);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badTarget();
      return { url, host: hostKey(url.host) };
    }
    // Asterisk form ("OPTIONS *") and anything else that is not a path names nothing here. Parsed
    // below a fixed origin, "//other.example/x" stays a path instead of becoming another host.
    if (!raw.startsWith('/')) throw badTarget();
    url = new URL(`http://origin-form.invalid${raw}`);
  } catch {
    throw badTarget();
  }
  return { url, host: hostKey(String(req.headers.host ?? '')) };
}
