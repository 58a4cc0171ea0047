import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../http/body';
import { redirect, sendHtml } from '../http/respond';
import type { LinkRecord } from '../links-view';
import { verifyPassword } from '../passwords';
import { parseDatetime } from '../time';
import type { VisitDeps } from './deps';
import { destinationFor } from './destination';
import { expiredPage, framePage, overlayPage, passwordPage, splashPage, tooManyAttemptsPage } from './pages';
import { recordVisit } from './record-visit';
import { readVisitor } from './visitor';

/** A password form is a few fields; anything larger is not one. */
const MAX_FORM_BYTES = 10_000;

/**
 * A visit of one link, wherever it came from (its short URL on either host, or a campaign
 * rotator): expiry, then password, then the visit is counted and answered in the link's
 * redirect type. Nothing reaches the destination around these steps.
 */
export async function serveLink(deps: VisitDeps, req: IncomingMessage, res: ServerResponse, link: LinkRecord) {
  if (link.expiry && (parseDatetime(link.expiry)?.getTime() ?? Infinity) <= deps.now().getTime()) {
    return sendHtml(res, 410, expiredPage());
  }
  if (link.password_hash && !(await passwordAccepted(deps, req, res, link, link.password_hash))) return;
  const visitor = readVisitor(req, deps.countryHeader, deps.visitorSalt);
  const destination = destinationFor(link, visitor);
  recordVisit(deps, { link: link.id }, visitor);
  return respondWithType(deps, res, link, destination);
}

/**
 * Shows the form, or checks the posted password. Attempts are limited per visitor address and
 * link, counted before the (slow) check so a burst of parallel guesses cannot slip past the
 * limit; the right password gives the visitor their attempts back.
 */
async function passwordAccepted(
  deps: VisitDeps,
  req: IncomingMessage,
  res: ServerResponse,
  link: LinkRecord,
  hash: string,
): Promise<boolean> {
  if (req.method !== 'POST') {
    sendHtml(res, 200, passwordPage(link.alias, false));
    return false;
  }
  const attempts = `${req.socket.remoteAddress ?? ''}|${link.id}`;
  const decision = deps.passwordLimiter.take(attempts);
  if (!decision.allowed) {
    const wait = String(decision.retryAfterSeconds);
    sendHtml(res, 429, tooManyAttemptsPage(decision.retryAfterSeconds), { 'Retry-After': wait });
    return false;
  }
  const form = new URLSearchParams((await readBody(req, MAX_FORM_BYTES)).toString('utf8'));
  if (!(await verifyPassword(form.get('password') ?? '', hash))) {
    sendHtml(res, 401, passwordPage(link.alias, true));
    return false;
  }
  deps.passwordLimiter.forget(attempts);
  return true;
}

function respondWithType(deps: VisitDeps, res: ServerResponse, link: LinkRecord, destination: string) {
  const heading = 'You are being taken to:';
  if (link.type === 'frame') return sendHtml(res, 200, framePage(destination, link.metatitle || link.title));
  if (link.type === 'splash') {
    return sendHtml(res, 200, splashPage(destination, link.metatitle || link.title || 'Redirecting', heading));
  }
  if (/^\d+$/.test(link.type)) {
    const splash = deps.db.prepare('SELECT name FROM splash_pages WHERE id = ?').get(Number(link.type)) as
      | { name: string }
      | undefined;
    return sendHtml(res, 200, splashPage(destination, splash?.name ?? 'Redirecting', heading));
  }
  if (link.type.startsWith('overlay-')) {
    const overlay = deps.db.prepare('SELECT name FROM overlays WHERE id = ?').get(Number(link.type.slice(8))) as
      | { name: string }
      | undefined;
    return sendHtml(res, 200, overlayPage(destination, overlay?.name ?? ''));
  }
  return redirect(res, destination);
}
