import type { Database } from 'better-sqlite3';

/** Social networks counted in socialCount; each is always present (0 when none). */
export const SOCIAL_NETWORKS = [
  'facebook',
  'twitter',
  'linkedin',
  'reddit',
  'instagram',
  'pinterest',
  'tumblr',
  'whatsapp',
] as const;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return countryNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The statistics object of a link or QR code, computed from its recorded visits. Quirks
 * reproduced: empty maps are the integer 0, country counts are strings.
 */
export function statistics(db: Database, column: 'link_id' | 'qr_id', id: number) {
  const where = `WHERE ${column} = ?`;
  const top = (field: string) =>
    db
      .prepare(
        `SELECT ${field} AS label, COUNT(*) AS n FROM visits ${where} AND ${field} IS NOT NULL AND ${field} <> '' GROUP BY ${field} ORDER BY n DESC, label LIMIT 10`,
      )
      .all(id) as { label: string; n: number }[];
  const asMap = (rows: { label: string; n: number }[], asString = false) =>
    rows.length === 0 ? 0 : Object.fromEntries(rows.map((r) => [r.label, asString ? String(r.n) : r.n]));
  const totals = db
    .prepare(`SELECT COUNT(*) AS clicks, COUNT(DISTINCT visitor) AS uniques FROM visits ${where}`)
    .get(id) as { clicks: number; uniques: number };
  const social = Object.fromEntries(SOCIAL_NETWORKS.map((s) => [s, 0])) as Record<string, number>;
  for (const row of top('social')) social[row.label] = row.n;
  return {
    clicks: totals.clicks,
    uniqueClicks: totals.uniques,
    topCountries: asMap(
      top('country').map((r) => ({ label: countryName(r.label), n: r.n })),
      true,
    ),
    topReferrers: asMap(top('referrer')),
    topBrowsers: asMap(top('browser')),
    topOs: asMap(top('os')),
    socialCount: social,
  };
}
