import { pageKey } from '../db/page-identity';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import { linksForPages } from '../links/queries';
import { whyNotShortenable } from '../pages/shortenable';
import { words } from '../words';
import type { BulkLine } from './queue';

/** A tab as read from the browser (lib/browser/tabs.ts WindowTab). */
export interface TabSeen {
  url: string | null;
  title: string;
  own: boolean;
  /** In a private window: left out, so nothing of a private window outlives it unless asked for one by one. */
  incognito: boolean;
}

/** What "Shorten all tabs" will do with each tab, shown to the person before anything is made. */
export interface TabsPlan {
  /** Pages to shorten, with their titles. */
  take: { url: string; title: string }[];
  /** Pages already shortened: their best link is used (see linksForPages). */
  reuse: { url: string; title: string; link: LinkRow }[];
  /** Tabs left out, with why (a message, lib/words.ts). */
  skip: { url: string; title: string; reason: string }[];
}

/**
 * Sorts the tabs of a window: web pages to shorten, pages that already have a link, and the tabs
 * that cannot be shortened (the browser's own pages, this extension's, addresses it may not read,
 * tabs of a private window) or are the same page as a tab before them (tracking parameters aside).
 */
export async function planTabs(db: LinkpilotDb, tabs: TabSeen[]): Promise<TabsPlan> {
  const plan: TabsPlan = { take: [], reuse: [], skip: [] };
  const web = tabs
    .filter((t) => t.url !== null && !t.own && !t.incognito && whyNotShortenable(t.url) === null)
    .map((t) => t.url!);
  const found = await linksForPages(db, web);
  const seen = new Set<string>();
  for (const tab of tabs) {
    const title = tab.title.trim();
    // Checked first: a private tab's address is not even looked up in the mirror.
    if (tab.incognito) {
      plan.skip.push({ url: tab.url ?? '', title, reason: words('allTabs.skip.private') });
      continue;
    }
    if (tab.url === null) {
      plan.skip.push({ url: '', title, reason: words('allTabs.skip.unreadable') });
      continue;
    }
    const url = tab.url;
    // The popup says the same of a page it cannot shorten (lib/pages/shortenable.ts).
    const problem = tab.own ? words('allTabs.skip.extension') : whyNotShortenable(url);
    if (problem) {
      plan.skip.push({ url, title, reason: problem });
      continue;
    }
    const key = pageKey(url);
    if (seen.has(key)) {
      plan.skip.push({ url, title, reason: words('allTabs.skip.twice') });
      continue;
    }
    seen.add(key);
    const link = found.get(url);
    if (link) plan.reuse.push({ url, title, link });
    else plan.take.push({ url, title });
  }
  return plan;
}

/**
 * The lines to queue for a plan: each tab's address whole, as one URL. A tab's address is never
 * read as a list line: a page could end its own address in ",some-alias" and choose its short URL.
 */
export function tabsBatch(plan: TabsPlan): BulkLine[] {
  return [
    ...plan.take.map(({ url, title }) => ({ url, title })),
    ...plan.reuse.map((r) => ({ url: r.url, reuse: r.link.key })),
  ];
}
