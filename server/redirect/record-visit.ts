import { datetime } from '../time';
import type { VisitDeps } from './deps';
import type { Visitor } from './visitor';

/** Stores one visit of a link or scan of a QR code, and counts it on its record. */
export function recordVisit(deps: VisitDeps, target: { link?: number; qr?: number }, v: Visitor): void {
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
