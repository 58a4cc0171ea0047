import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useDashboard } from '@/components/state/dashboard';
import { usePopup } from '@/components/state/popup';
import { database } from '@/lib/db/open';
import { LISTS, listsIn } from '@/lib/kinds/collections';
import { linksOfShownPage } from '@/lib/links/queries';
import { clearShown, markShown, renewEvery, type ShownTarget } from '@/lib/refresh/shown';
import { freshForMs } from '@/lib/settings/refresh';
import { kickSync } from '@/lib/sync/kick';

/**
 * Keeps `targets` fresh while this view is on screen: says so in IndexedDB every SHOWN_RENEW_MS
 * (and when the page becomes visible again) and asks the worker to look; the worker refreshes
 * whatever is older than 40 s (lib/refresh/shown.ts). A hidden page says nothing, and what it said
 * lapses within a minute. A shorter window (freshForMs, tests only) makes the page look as often.
 */
export function useFreshWhileShown(targets: ShownTarget[]): void {
  const [viewId] = useState(() => `${window.location.pathname}:${crypto.randomUUID()}`);
  const key = JSON.stringify(targets);
  useEffect(() => {
    const shown = JSON.parse(key) as ShownTarget[];
    const db = database();
    if (shown.length === 0) return;
    let active = true;
    const renew = () => {
      if (document.visibilityState !== 'visible') return;
      void markShown(db, viewId, shown, Date.now()).then(() => active && kickSync());
    };
    renew();
    let timer: ReturnType<typeof setInterval> | undefined;
    void freshForMs().then((freshFor) => {
      if (active) timer = setInterval(renew, renewEvery(freshFor));
    });
    document.addEventListener('visibilitychange', renew);
    return () => {
      active = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', renew);
      void clearShown(db, viewId);
    };
  }, [viewId, key]);
}

/**
 * What the page this runs in shows, as far as the page's own state tells: in the popup, the
 * recent links and the current page's link (its quick stats); in the dashboard, the section's
 * list and the open link's details.
 */
export function useShownHere(): ShownTarget[] {
  const inPopup = window.location.pathname.endsWith('/popup.html');
  const page = usePopup((s) => s.page);
  const createdKey = usePopup((s) => s.createdKey);
  const section = useDashboard((s) => s.section);
  const openLink = useDashboard((s) => s.openLink);
  const pageLink = useLiveQuery(
    async () => {
      if (!inPopup) return null;
      const db = database();
      // A private page's link is looked up to be shown, not recorded as shown: the record would
      // outlive the private window. One shortened here on purpose is the person's to keep.
      const pageUrl = page && !page.incognito ? page.url : undefined;
      const link = (await linksOfShownPage(db, createdKey, pageUrl))?.[0];
      return link?.id ? link.key : null;
    },
    [inPopup, createdKey, page?.url, page?.incognito],
    null,
  );
  const link = (key: string | null): ShownTarget[] => (key ? [{ type: 'link', key }] : []);
  if (inPopup) return [{ type: 'list', list: 'links' }, ...link(pageLink)];
  // The dashboard opens on the links' section; a link's details show beside its list.
  const here = section || LISTS.links.section;
  return [
    ...listsIn(here).map((list): ShownTarget => ({ type: 'list', list })),
    ...link(here === LISTS.links.section ? openLink : null),
  ];
}
