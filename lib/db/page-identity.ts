import { normalizeLongUrl } from './search-words';

/**
 * Query parameters that say how someone arrived at a page, not which page it is. A page shortened
 * as `…/post?utm_source=newsletter` is the same page as `…/post`, so "is this page shortened?"
 * compares addresses without them. Names are compared lower-cased. The one list; keep it sorted
 * by who sets them:
 *
 * - `utm_*` (every name starting so): campaign tags read by Google Analytics and most tools
 * - `_ga`, `_gl`: Google Analytics' cross-domain linker
 * - `gclid`, `gclsrc`, `dclid`, `gbraid`, `wbraid`, `srsltid`: Google Ads, Display & Video, Merchant Center
 * - `fbclid`: Facebook; `igshid`, `igsh`: Instagram shares
 * - `msclkid`: Microsoft Advertising
 * - `mc_cid`, `mc_eid`: Mailchimp campaign and subscriber
 * - `yclid`, `ysclid`: Yandex
 * - `twclid`, `ref_src`, `ref_url`: X (Twitter) ads and embeds
 * - `li_fat_id`: LinkedIn
 * - `ttclid`: TikTok
 * - `_hsenc`, `_hsmi`: HubSpot e-mails
 * - `mkt_tok`: Marketo e-mails
 * - `oly_anon_id`, `oly_enc_id`: Omeda e-mails
 * - `vero_id`, `vero_conv`: Vero e-mails
 *
 * Parameters that can choose content (`ref`, `source`, `id`, `s`…) are not on it, even when some
 * sites use them for tracking: two different pages taken for one would be worse than a second link.
 */
export const TRACKING_PARAMETERS: readonly string[] = [
  '_ga',
  '_gl',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'srsltid',
  'fbclid',
  'igshid',
  'igsh',
  'msclkid',
  'mc_cid',
  'mc_eid',
  'yclid',
  'ysclid',
  'twclid',
  'ref_src',
  'ref_url',
  'li_fat_id',
  'ttclid',
  '_hsenc',
  '_hsmi',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
];
const TRACKING_PREFIX = 'utm_';
const TRACKING = new Set(TRACKING_PARAMETERS);

/** Whether a query parameter's name is one of the tracking parameters. */
export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith(TRACKING_PREFIX) || TRACKING.has(lower);
}

/** A query part's name, decoded as a browser would (`utm%5Fsource` is `utm_source`). */
function nameOf(part: string): string {
  const raw = part.split('=', 1)[0]!.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Which page an address is: `normalizeLongUrl` (scheme and host lower-cased, fragment and a
 * trailing slash dropped) without the tracking parameters. The other parameters keep their
 * order and their encoding as written. What is not a URL is compared as it is, trimmed.
 */
export function pageKey(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return value.trim();
  }
  if (url.search.length > 1) {
    const kept = url.search
      .slice(1)
      .split('&')
      .filter((part) => part !== '' && !isTrackingParameter(nameOf(part)));
    url.search = kept.length > 0 ? `?${kept.join('&')}` : '';
  }
  return normalizeLongUrl(url.toString());
}

/**
 * The links of one page, the best first: one whose long URL is the page's own address (tracking
 * parameters and all), then one the service has made, then the newest. The popup shows the first.
 */
export function bestFirst<T extends { longurl: string; id: number | null; date: string }>(
  pageUrl: string,
  links: T[],
): T[] {
  const exact = normalizeLongUrl(pageUrl);
  const rank = (link: T) => [normalizeLongUrl(link.longurl) === exact ? 0 : 1, link.id !== null ? 0 : 1] as const;
  return [...links].sort((a, b) => {
    const [ea, ia] = rank(a);
    const [eb, ib] = rank(b);
    return ea - eb || ia - ib || (a.date < b.date ? 1 : a.date > b.date ? -1 : 0);
  });
}
