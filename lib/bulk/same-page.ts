import type { LinkpilotDb, LinkRow } from '../db/schema';
import { linksForPages, ownShortUrlsAmong } from '../links/queries';
import { words } from '../words';
import type { BulkProblem } from './url-list';

/** A line of a list whose page already has a link: the best of them (see `linksForPages`). */
export interface AlreadyShortened {
  line: number;
  url: string;
  link: LinkRow;
}

/**
 * The lines of a list whose page the mirror already has a link for. A line that asks for an alias
 * counts only when that link has it: the person asked for that short URL, not just any one.
 */
export async function alreadyShortened(
  db: LinkpilotDb,
  items: { line: number; url: string; alias?: string }[],
): Promise<AlreadyShortened[]> {
  const found = await linksForPages(
    db,
    items.map((i) => i.url),
  );
  return items.flatMap((item) => {
    const link = found.get(item.url);
    return link && (!item.alias || link.alias === item.alias) ? [{ line: item.line, url: item.url, link }] : [];
  });
}

/**
 * The lines to queue when the person chose to reuse existing links: a line already shortened
 * names its link (`reuse`) instead of making another. Choosing to shorten again leaves the list as it is.
 */
export function reusing<T extends { line: number }>(
  items: T[],
  existing: AlreadyShortened[],
  reuse: boolean,
): (T & { reuse?: string })[] {
  if (!reuse) return items;
  const byLine = new Map(existing.map((e) => [e.line, e.link.key]));
  return items.map((item) => {
    const key = byLine.get(item.line);
    return key ? { ...item, reuse: key } : item;
  });
}

/**
 * The lines the mirror already knows the service would refuse, each listed at its line instead of
 * refusing the whole list (queueLinks checks every line and stops at one): an alias another link
 * already has, compared as the service compares (ignoring case), and an address that is one of the
 * account's own short URLs (a link cannot lead back to the service). A line reusing its page's link
 * asks for nothing and is left out.
 */
export async function refusedHere(
  db: LinkpilotDb,
  items: { line: number; url: string; alias?: string; reuse?: string }[],
): Promise<BulkProblem[]> {
  const making = items.filter((i) => !i.reuse);
  if (making.length === 0) return [];
  const isOwnShortUrl = await ownShortUrlsAmong(
    db,
    making.map((i) => i.url),
  );
  const asking = making.filter((i) => i.alias);
  const holders =
    asking.length === 0
      ? []
      : await db.links
          .where('alias')
          .anyOfIgnoreCase(asking.map((i) => i.alias!))
          .toArray();
  const held = new Set(holders.filter((row) => row.sync !== 'failed').map((row) => row.alias.toLowerCase()));
  return making.flatMap((i): BulkProblem[] => {
    const alias = i.alias ? { alias: i.alias } : {};
    if (isOwnShortUrl(i.url)) return [{ line: i.line, text: i.url, ...alias, reason: words('refusal.urlPointsBack') }];
    if (i.alias && held.has(i.alias.toLowerCase()))
      return [{ line: i.line, text: i.url, alias: i.alias, reason: words('refusal.aliasTaken') }];
    return [];
  });
}
