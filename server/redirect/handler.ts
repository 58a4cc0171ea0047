import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from 'better-sqlite3';
import { escapeHtml, redirect, sendHtml } from '../http/respond';
import { type LinkRecord, shortUrlOf } from '../links-view';
import { checkPassword } from '../passwords';
import { datetime, parseDatetime } from '../time';
import { destinationFor } from './destination';
import { avatarSvg, expiredPage, framePage, notFoundPage, overlayPage, page, passwordPage, splashPage } from './pages';
import { readVisitor, type Visitor } from './visitor';

export interface RedirectDeps {
  db: Database;
  now: () => Date;
  publicUrl: string;
  countryHeader: string;
  visitorSalt: string;
}

/**
 * Everything outside /api: short links (on the service's host or a branded domain's), QR code
 * links, campaign rotators and list pages, avatars. Visits are counted here; these paths are
 * not rate limited.
 */
export async function handleVisit(
  deps: RedirectDeps,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const { db } = deps;
  const host = String(req.headers.host ?? '').toLowerCase();
  const branded = brandedDomain(deps, host);
  const segments = url.pathname
    .split('/')
    .filter(Boolean)
    .map((s) => safeDecode(s));
  const visitor = () => readVisitor(req, deps.countryHeader, deps.visitorSalt);

  if (segments.length === 0) {
    if (branded?.redirectroot) return redirect(res, branded.redirectroot);
    return sendHtml(res, 200, page('Link service', '<h1>Link service</h1><p>Short links live here.</p>'));
  }
  const [first, second] = segments;
  if (!branded && segments.length === 3 && first === 'static' && second === 'avatar') {
    const account = db.prepare('SELECT username FROM accounts WHERE id = ?').get(Number.parseInt(segments[2]!, 10)) as
      | { username: string }
      | undefined;
    if (!account) return sendHtml(res, 404, notFoundPage());
    res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'max-age=3600' });
    return void res.end(avatarSvg(account.username.charAt(0) || '?'));
  }
  if (!branded && segments.length === 2 && first === 'qr') return visitQr(deps, res, second!, visitor());
  if (!branded && segments.length === 2 && first === 'r') return visitRotator(deps, res, second!, visitor());
  if (!branded && segments.length === 2 && first === 'campaign') return campaignList(deps, res, second!);
  if (!branded && segments.length === 2 && first === 'bio') {
    const bio = db.prepare('SELECT * FROM bio_pages WHERE alias = ?').get(second) as { title: string } | undefined;
    return sendHtml(res, bio ? 200 : 404, bio ? page(bio.title, `<h1>${escapeHtml(bio.title)}</h1>`) : notFoundPage());
  }
  if (segments.length !== 1) return missing(res, branded);

  const link = db.prepare('SELECT * FROM links WHERE alias = ?').get(first) as LinkRecord | undefined;
  // On a branded host only that domain's links answer; the service's own host serves every link.
  if (!link || (branded && link.domain_id !== branded.id)) return missing(res, branded);
  if (link.expiry && (parseDatetime(link.expiry)?.getTime() ?? Infinity) <= deps.now().getTime())
    return sendHtml(res, 410, expiredPage());
  if (link.password_hash) {
    if (req.method !== 'POST') return sendHtml(res, 200, passwordPage(link.alias, false));
    const form = new URLSearchParams(await readText(req));
    if (!checkPassword(form.get('password') ?? '', link.password_hash))
      return sendHtml(res, 401, passwordPage(link.alias, true));
  }
  const v = visitor();
  const destination = destinationFor(link, v);
  recordVisit(deps, { link: link.id }, v);
  return respondWithType(deps, res, link, destination);
}

function respondWithType(deps: RedirectDeps, res: ServerResponse, link: LinkRecord, destination: string) {
  if (link.type === 'frame') return sendHtml(res, 200, framePage(destination, link.metatitle || link.title));
  if (link.type === 'splash')
    return sendHtml(
      res,
      200,
      splashPage(destination, link.metatitle || link.title || 'Redirecting', 'You are being taken to:'),
    );
  if (/^\d+$/.test(link.type)) {
    const splash = deps.db.prepare('SELECT name FROM splash_pages WHERE id = ?').get(Number(link.type)) as
      | { name: string }
      | undefined;
    return sendHtml(res, 200, splashPage(destination, splash?.name ?? 'Redirecting', 'You are being taken to:'));
  }
  if (link.type.startsWith('overlay-')) {
    const overlay = deps.db.prepare('SELECT name FROM overlays WHERE id = ?').get(Number(link.type.slice(8))) as
      | { name: string }
      | undefined;
    return sendHtml(res, 200, overlayPage(destination, overlay?.name ?? ''));
  }
  return redirect(res, destination);
}

function recordVisit(deps: RedirectDeps, target: { link?: number; qr?: number }, v: Visitor): void {
  deps.db.transaction(() => {
    deps.db
      .prepare(
        'INSERT INTO visits (link_id, qr_id, at, country, referrer, browser, os, visitor, social) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        target.link ?? null,
        target.qr ?? null,
        datetime(deps.now()),
        v.country,
        v.referrer,
        v.browser,
        v.os,
        v.id,
        v.social,
      );
    if (target.link) deps.db.prepare('UPDATE links SET clicks = clicks + 1 WHERE id = ?').run(target.link);
    if (target.qr) deps.db.prepare('UPDATE qr_codes SET scans = scans + 1 WHERE id = ?').run(target.qr);
  })();
}

function visitQr(deps: RedirectDeps, res: ServerResponse, code: string, v: Visitor) {
  const qr = deps.db.prepare('SELECT * FROM qr_codes WHERE code = ?').get(code) as
    | { id: number; type: string; data: string; name: string }
    | undefined;
  if (!qr) return sendHtml(res, 404, notFoundPage());
  recordVisit(deps, { qr: qr.id }, v);
  const data = JSON.parse(qr.data) as unknown;
  if (qr.type === 'link' && typeof data === 'string') return redirect(res, data);
  if (qr.type === 'vcard') {
    const d = data as Record<string, string | undefined>;
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      `N:${d.lastname ?? ''};${d.firstname ?? ''};;;`,
      `FN:${[d.firstname, d.lastname].filter(Boolean).join(' ')}`,
      d.phone ? `TEL:${d.phone}` : '',
      d.email ? `EMAIL:${d.email}` : '',
      'END:VCARD',
    ]
      .filter(Boolean)
      .join('\r\n');
    res.writeHead(200, {
      'Content-Type': 'text/vcard; charset=utf-8',
      'Content-Disposition': 'inline; filename="contact.vcf"',
    });
    return void res.end(card);
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

function visitRotator(deps: RedirectDeps, res: ServerResponse, slug: string, v: Visitor) {
  const campaign = deps.db.prepare('SELECT * FROM campaigns WHERE slug = ?').get(slug) as
    | { id: number; rotation: number }
    | undefined;
  const links = campaign
    ? (deps.db.prepare('SELECT * FROM links WHERE campaign_id = ? ORDER BY id').all(campaign.id) as LinkRecord[])
    : [];
  if (!campaign || links.length === 0) return sendHtml(res, 404, notFoundPage());
  // Round robin over the campaign's links.
  const link = links[campaign.rotation % links.length]!;
  deps.db.prepare('UPDATE campaigns SET rotation = rotation + 1 WHERE id = ?').run(campaign.id);
  recordVisit(deps, { link: link.id }, v);
  return redirect(res, destinationFor(link, v));
}

function campaignList(deps: RedirectDeps, res: ServerResponse, idText: string) {
  const campaign = /^\d+$/.test(idText)
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

function brandedDomain(deps: RedirectDeps, host: string) {
  if (!host || host === new URL(deps.publicUrl).host.toLowerCase()) return null;
  const rows = deps.db.prepare('SELECT * FROM domains').all() as {
    id: number;
    domain: string;
    redirectroot: string;
    redirect404: string;
  }[];
  return rows.find((d) => new URL(d.domain).host.toLowerCase() === host) ?? null;
}

function missing(res: ServerResponse, branded: { redirect404: string } | null) {
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

async function readText(req: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > 10_000) break;
  }
  return text;
}
