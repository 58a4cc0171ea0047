import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DomainRecord, domainForHost } from '../branded-domains';
import type { RequestTarget } from '../http/request-target';
import { escapeHtml, redirect, sendHtml } from '../http/respond';
import { type LinkRecord, shortUrlOf } from '../links-view';
import type { VisitDeps } from './deps';
import { avatarSvg, notFoundPage, page } from './pages';
import { recordVisit } from './record-visit';
import { serveLink } from './serve-link';
import { type VcardFields, vcardOf } from './vcard';
import { readVisitor } from './visitor';

/**
 * Everything outside /api: short links (on the service's host or a branded domain's), QR code
 * links, campaign rotators and list pages, avatars. Visits are counted here; these paths are
 * not rate limited (password attempts are, per visitor and link).
 */
export async function handleVisit(
  deps: VisitDeps,
  req: IncomingMessage,
  res: ServerResponse,
  target: RequestTarget,
): Promise<void> {
  const { db } = deps;
  const branded = brandedDomain(deps, target.host);
  const segments = target.url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));

  if (segments.length === 0) {
    if (branded?.redirectroot) return redirect(res, branded.redirectroot);
    return sendHtml(res, 200, page('Link service', '<h1>Link service</h1><p>Short links live here.</p>'));
  }
  const [first, second] = segments;
  if (!branded && segments.length === 3 && first === 'static' && second === 'avatar') {
    const id = /^(\d{1,15})(\.svg)?$/.exec(segments[2]!)?.[1];
    const account = id
      ? (db.prepare('SELECT username FROM accounts WHERE id = ?').get(Number(id)) as { username: string } | undefined)
      : undefined;
    if (!account) return sendHtml(res, 404, notFoundPage());
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
    return void res.end(avatarSvg(account.username.charAt(0) || '?'));
  }
  if (!branded && segments.length === 2 && first === 'qr') return visitQr(deps, req, res, second!);
  if (!branded && segments.length === 2 && first === 'r') return visitRotator(deps, req, res, second!);
  if (!branded && segments.length === 2 && first === 'campaign') return campaignList(deps, res, second!);
  if (!branded && segments.length === 2 && first === 'bio') {
    const bio = db.prepare('SELECT * FROM bio_pages WHERE alias = ?').get(second) as { title: string } | undefined;
    return sendHtml(res, bio ? 200 : 404, bio ? page(bio.title, `<h1>${escapeHtml(bio.title)}</h1>`) : notFoundPage());
  }
  if (segments.length !== 1) return missing(res, branded);

  const link = db.prepare('SELECT * FROM links WHERE alias = ?').get(first) as LinkRecord | undefined;
  // On a branded host only that domain's links answer; the service's own host serves every link.
  if (!link || (branded && link.domain_id !== branded.id)) return missing(res, branded);
  return serveLink(deps, req, res, link);
}

function visitQr(deps: VisitDeps, req: IncomingMessage, res: ServerResponse, code: string) {
  const qr = deps.db.prepare('SELECT * FROM qr_codes WHERE code = ?').get(code) as
    | { id: number; type: string; data: string; name: string }
    | undefined;
  if (!qr) return sendHtml(res, 404, notFoundPage());
  recordVisit(deps, { qr: qr.id }, readVisitor(req, deps.countryHeader, deps.visitorSalt));
  const data = JSON.parse(qr.data) as unknown;
  if (qr.type === 'link' && typeof data === 'string') return redirect(res, data);
  if (qr.type === 'vcard') {
    res.writeHead(200, {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': 'inline; filename="contact.vcf"',
    });
    return void res.end(vcardOf(data as VcardFields));
  }
  const shown =
    typeof data === 'string'
      ? data
      : Object.entries(data as Record<string, string>)
          .filter(([k]) => k !== 'password')
          .map(([k, val]) => `${k}: ${val}`)
          .join('\n');
  return sendHtml(
    res,
    200,
    page(qr.name || 'QR code', `<h1>${escapeHtml(qr.name || qr.type)}</h1><pre>${escapeHtml(shown)}</pre>`),
  );
}

/** Round robin over the campaign's links; the chosen one is visited exactly as its own short URL would be. */
async function visitRotator(deps: VisitDeps, req: IncomingMessage, res: ServerResponse, slug: string) {
  const campaign = deps.db.prepare('SELECT * FROM campaigns WHERE slug = ?').get(slug) as
    | { id: number; rotation: number }
    | undefined;
  const links = campaign
    ? (deps.db.prepare('SELECT * FROM links WHERE campaign_id = ? ORDER BY id').all(campaign.id) as LinkRecord[])
    : [];
  if (!campaign || links.length === 0) return sendHtml(res, 404, notFoundPage());
  const link = links[campaign.rotation % links.length]!;
  deps.db.prepare('UPDATE campaigns SET rotation = rotation + 1 WHERE id = ?').run(campaign.id);
  return serveLink(deps, req, res, link);
}

function campaignList(deps: VisitDeps, res: ServerResponse, idText: string) {
  const campaign = /^\d{1,15}$/.test(idText)
    ? (deps.db.prepare('SELECT * FROM campaigns WHERE id = ?').get(Number(idText)) as
        | { id: number; name: string; public: number }
        | undefined)
    : undefined;
  if (campaign?.public !== 1) return sendHtml(res, 404, notFoundPage());
  // Private links are never listed on a public page.
  const links = deps.db
    .prepare("SELECT * FROM links WHERE campaign_id = ? AND status = 'public' ORDER BY date DESC")
    .all(campaign.id) as LinkRecord[];
  const items = links
    .map(
      (l) =>
        `<li><a href="${escapeHtml(shortUrlOf(deps.db, deps.publicUrl, l))}">${escapeHtml(l.title || l.alias)}</a></li>`,
    )
    .join('');
  return sendHtml(res, 200, page(campaign.name, `<h1>${escapeHtml(campaign.name)}</h1><ul>${items}</ul>`));
}

/** The branded domain a request is for; a name of the service itself stays the service's, even if an older database registered it. */
function brandedDomain(deps: VisitDeps, host: string | null): DomainRecord | null {
  const found = host === null ? null : domainForHost(deps.db, host);
  return found && !deps.serviceNames.includes(new URL(found.domain)) ? found : null;
}

function missing(res: ServerResponse, branded: DomainRecord | null) {
  if (branded?.redirect404) return redirect(res, branded.redirect404);
  return sendHtml(res, 404, notFoundPage());
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
