import { webUrlProblem } from '../api/web-url';
import { linksForPages } from '../db/queries';
import type { LinkpilotDb, LinkRow } from '../db/schema';
import { pageKey } from '../links/page-identity';
import { words } from '../words';

/** A tab as read from the browser (lib/browser/tabs.ts WindowTab). */
export interface TabSeen {
  url: string | null;
  title: string;
  own: boolean;
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
 * that cannot be shortened (the browser's own pages, this extension's, addresses it may not read)
 * or are the same page as a tab before them (tracking parameters aside).
 */
export async function planTabs(db: LinkpilotDb, tabs: TabSeen[]): Promise<TabsPlan> {
  const plan: TabsPlan = { take: [], reuse: [], skip: [] };
  const web = tabs.filter((t) => t.url !== null && !t.own && webUrlProblem(t.url) === null).map((t) => t.url!);
  const found = await linksForPages(db, web);
  const seen = new Set<string>();
  for (const tab of tabs) {
    const title = tab.title.trim();
    if (tab.url === null) {
      plan.skip.push({ url: '', title, reason: words('allTabs.skip.unreadable') });
      continue;
    }
    const url = tab.url;
    const problem = tab.own ? words('allTabs.skip.extension') : webUrlProblem(url);
    if (problem) {
      const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
      const browserPage = scheme && scheme !== 'http' && scheme !== 'https';
      plan.skip.push({
        url,
        title,
        reason: browserPage && !tab.own ? words('allTabs.skip.browser', { scheme }) : problem,
      });
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
