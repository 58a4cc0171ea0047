import type { Tally } from '../api/schemas/primitives';
import type { Statistics } from '../api/schemas/stats';

/**
 * Where a link's clicks came from. The service counts each click once among its referring sites
 * (`topReferrers`: "twitter.com") and once more, when the site is a social network, among
 * `socialCount` ("twitter"): the second list is a subset of the first, never to be added to it.
 * `rest` is the clicks no listed site brought (direct visits, or sites beyond the service's top list).
 */
export function sourcesOf(
  s: Pick<Statistics, 'topReferrers' | 'socialCount'>,
  total: number,
): { sites: Tally[]; social: Tally[]; rest: number } {
  const byCount = (a: Tally, b: Tally) => b.count - a.count || a.label.localeCompare(b.label);
  const sites = s.topReferrers.filter((r) => r.count > 0).sort(byCount);
  const social = s.socialCount.filter((n) => n.count > 0).sort(byCount);
  const listed = sites.reduce((sum, r) => sum + r.count, 0);
  return { sites, social, rest: Math.max(0, total - listed) };
}
