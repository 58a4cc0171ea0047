import { linksForPages } from '../db/queries';
import type { LinkpilotDb, LinkRow } from '../db/schema';

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
