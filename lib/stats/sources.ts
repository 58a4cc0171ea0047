import type { Tally } from '../api/schemas/primitives';
import type { Statistics } from '../api/schemas/stats';

/**
 * Where a link's clicks came from. The service counts each click once among its referring sites
 * (`topReferrers`: "twitter.com") and once more, when the site is a social network, among
 * `socialCount` ("twitter"): the second list is a subset of the first, never to be added to it.
 * `rest` is the clicks no listed site brought (sites beyond the service's top list, or direct
 * visits where the service lists none).
 *
 * One site may be listed under several spellings ("https://www.news.example/", "news.example"):
 * they are one site here, `spellings` keeps what the service wrote, with each count. The service's
 * own bucket for visits without a referring page ("Direct, email and other" in the family of services
 * this API comes from) is recognised and kept apart, named in the interface's language by the view.
 */
export interface Site {
  /** The site as people name it (host without `www.`), or the label as written when it is no address. */
  label: string;
  count: number;
  spellings: Tally[];
  /** The service's bucket of direct visits, e-mail and the rest: not a site. */
  direct: boolean;
}

/** Labels the service gives visits that came from no page (compared in lower case, without punctuation). */
const DIRECT_LABELS = new Set(['direct email and other', 'direct', 'direct and other', 'none', '(direct)']);

export const isDirectLabel = (label: string) =>
  DIRECT_LABELS.has(
    label
      .toLowerCase()
      .replace(/[^\p{L}\s()]/gu, '')
      .replace(/\s+/g, ' ')
      .trim(),
  );

/** A referrer label as a site: "https://www.News.example:443/a" and "news.example" are both "news.example". */
export function siteOf(label: string): string {
  const text = label.trim();
  if (!/^[\w-]+(\.[\w-]+)+(:\d+)?(\/|$)|^[a-z][a-z\d+.-]*:\/\//i.test(text)) return text;
  try {
    const url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    if (!url.hostname) return text;
    // The site, not the page: one row for every page of it, the pages among its spellings.
    return `${url.hostname.toLowerCase().replace(/^www\./, '')}${url.port ? `:${url.port}` : ''}`;
  } catch {
    return text;
  }
}

const byCount = <T extends { label: string; count: number }>(a: T, b: T) =>
  b.count - a.count || a.label.localeCompare(b.label);

export function sourcesOf(
  s: Pick<Statistics, 'topReferrers' | 'socialCount'>,
  total: number,
): { sites: Site[]; social: Tally[]; rest: number } {
  const groups = new Map<string, Site>();
  for (const r of s.topReferrers) {
    if (r.count <= 0) continue;
    const direct = isDirectLabel(r.label);
    const label = direct ? r.label : siteOf(r.label);
    const id = direct ? '?direct' : label;
    const known = groups.get(id);
    if (known) {
      known.count += r.count;
      known.spellings.push(r);
    } else groups.set(id, { label, count: r.count, spellings: [r], direct });
  }
  const sites = [...groups.values()].sort(byCount);
  for (const site of sites) site.spellings.sort(byCount);
  const social = s.socialCount.filter((n) => n.count > 0).sort(byCount);
  const listed = sites.reduce((sum, r) => sum + r.count, 0);
  return { sites, social, rest: Math.max(0, total - listed) };
}
