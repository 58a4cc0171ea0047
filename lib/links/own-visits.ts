import type { LinkFields } from '../api/inputs/links';

/**
 * Own visits not counted: a person's visit of one of their own short links, in this browser, goes
 * straight to the destination through a declarativeNetRequest redirect rule, so the service never
 * counts it. Only links whose redirect is plain qualify (the service would do nothing but send the
 * visitor on); every other link, and any link the mirror cannot vouch for, reaches the service.
 */

/**
 * Chrome's cap on dynamic rules that redirect (MAX_NUMBER_OF_UNSAFE_DYNAMIC_RULES): past it, the
 * newest links are covered and the older ones are counted as before.
 */
export const MAX_OWN_VISIT_RULES = 5000;

/** The extension page a covered visit passes through: it counts the visit here, then goes on. */
export const OWN_VISIT_PAGE = '/own-visit.html';

/**
 * Whether a link's redirect is plain by what it was made with: a direct redirect with no password,
 * expiry, geo/device/language targeting, deep links or added parameters (which change where a
 * visit lands), and no splash, frame, custom splash or CTA page.
 */
export function plainRedirect(input: LinkFields): boolean {
  const type = input.type?.trim() || 'direct';
  return (
    type === 'direct' &&
    !input.password &&
    !input.expiry &&
    !input.geotarget?.length &&
    !input.devicetarget?.length &&
    !input.languagetarget?.length &&
    !input.parameters?.length &&
    !input.deeplink
  );
}

/** What the rules read of a mirrored link. */
export interface OwnLink {
  key: string;
  shorturl: string;
  longurl: string;
  date: string;
  /** Its create fields, while the mirror holds them (a link made here, until a pull replaces the row). */
  input: LinkFields | null;
}

/**
 * The keys of the links known to be plain. The API's listing does not say how a link redirects, so
 * only links made here are known, by their create fields; the mirror drops those fields once a pull
 * has the link, so what they said is remembered (`known`). A link seen with fields that are not
 * plain leaves the set, and so does a link no longer in the mirror.
 */
export function plainLinkKeys(links: OwnLink[], known: ReadonlySet<string>): Set<string> {
  const plain = new Set<string>();
  for (const link of links) {
    if (link.input ? plainRedirect(link.input) : known.has(link.key)) plain.add(link.key);
  }
  return plain;
}

/** A dynamic redirect rule, as chrome.declarativeNetRequest takes it. */
export interface RedirectRule {
  id: number;
  priority: number;
  action: { type: 'redirect'; redirect: { extensionPath: string } };
  condition: { urlFilter: string; isUrlFilterCaseSensitive: boolean; resourceTypes: ['main_frame'] };
}

const webUrl = (text: string) => /^https?:\/\/[^\s]+$/i.test(text);
// urlFilter gives `*`, `^` and `|` meanings of their own; a short URL with them is left to the service.
const filterSafe = (text: string) => !/[*^|]/.test(text);

/** Where a covered visit is sent: the counting page, which goes on to the destination. */
export function ownVisitPath(longurl: string): string {
  return `${OWN_VISIT_PAGE}?to=${encodeURIComponent(longurl)}`;
}

/**
 * One rule per plain link, newest first, at most MAX_OWN_VISIT_RULES: the exact short URL (anchored
 * at both ends, case-sensitive as aliases are) opened in a tab goes to the counting page instead.
 * Links with a stated expiry or targeting (`targeted`: what a link's statistics said) are left out
 * even when made plain, as they were changed since.
 */
export function ownVisitRules(
  links: OwnLink[],
  plain: ReadonlySet<string>,
  targeted: ReadonlySet<string> = new Set(),
): { rules: RedirectRule[]; left: number } {
  const covered = links
    .filter((l) => plain.has(l.key) && !targeted.has(l.key))
    .filter((l) => webUrl(l.shorturl) && webUrl(l.longurl) && filterSafe(l.shorturl) && l.shorturl !== l.longurl)
    .sort((a, b) => b.date.localeCompare(a.date));
  const rules = covered.slice(0, MAX_OWN_VISIT_RULES).map(
    (l, i): RedirectRule => ({
      id: i + 1,
      priority: 1,
      action: { type: 'redirect', redirect: { extensionPath: ownVisitPath(l.longurl) } },
      condition: { urlFilter: `|${l.shorturl}|`, isUrlFilterCaseSensitive: true, resourceTypes: ['main_frame'] },
    }),
  );
  return { rules, left: covered.length - rules.length };
}

/** The visits not counted in a month ("2026-11"): a count that restarts with each month. */
export interface OwnVisitCount {
  month: string;
  count: number;
}

export const monthOf = (now: Date) => now.toISOString().slice(0, 7);

export function countThisMonth(state: OwnVisitCount, now: Date): number {
  return state.month === monthOf(now) ? state.count : 0;
}

export function withOneMoreVisit(state: OwnVisitCount, now: Date): OwnVisitCount {
  return { month: monthOf(now), count: countThisMonth(state, now) + 1 };
}
