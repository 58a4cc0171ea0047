import { ApiError } from './errors';

/**
 * The family's words for "no such route". A 404 that names a record ("Link not found.", "QR code
 * not found.") is a route the service has, answering that the record is gone: never one of these.
 */
const ROUTE_UNKNOWN =
  /\b(unknown|invalid|unsupported|no(\s+such)?)\s+(api\s+)?(endpoint|route|method)\b|\b(endpoint|route)\s+(not\s+found|does\s+not\s+exist)\b/i;

/**
 * Whether an answer says that the service has no such route (it does not offer the operation),
 * as opposed to refusing this request or not finding its record. The rule:
 * - 405 (method not allowed), with or without the family's envelope: it is about the route and
 *   the method, never about a record ("Method PUT is not allowed here.");
 * - 404 without the envelope (a web server's or proxy's page: no JSON `message`);
 * - 404 with the envelope whose message is a route-not-found message ("Unknown API endpoint.").
 * A 404 whose envelope names anything else ("Link not found.") is the record gone, a real answer
 * of a route the service has. Any other status is never "absent".
 */
export function isAbsentRoute(error: unknown): boolean {
  if (!(error instanceof ApiError) || (error.status !== 404 && error.status !== 405)) return false;
  const message = error.serverMessage;
  return error.status === 405 || message === null || ROUTE_UNKNOWN.test(message);
}
