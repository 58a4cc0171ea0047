import { browser } from 'wxt/browser';

export interface PageInfo {
  tabId: number | null;
  url: string;
  title: string;
  /** In a private window: what is only shown about it is not written down (see useShownHere). */
  incognito: boolean;
}

/**
 * The page the popup is about. A popped-out popup carries its tab in `?tab=ID`; otherwise it is
 * the active tab of the last focused window (readable thanks to activeTab when the popup opened).
 */
export async function currentPage(search: string): Promise<PageInfo | null> {
  const fromParam = Number(new URLSearchParams(search).get('tab'));
  try {
    const tab =
      Number.isInteger(fromParam) && fromParam > 0
        ? await browser.tabs.get(fromParam)
        : (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
    const url = tab?.url || (tab?.id !== undefined ? (await ownTabs()).get(tab.id) : undefined);
    if (!tab || !url) return null;
    return { tabId: tab.id ?? null, url, title: tab.title ?? '', incognito: tab.incognito };
  } catch {
    return null;
  }
}

/** Opens the popup in its own window that keeps pointing at the same tab. */
export async function popOut(tabId: number | null): Promise<void> {
  const url = browser.runtime.getURL(`/popup.html${tabId !== null ? `?tab=${tabId}` : ''}`);
  await browser.windows.create({ url, type: 'popup', width: 420, height: 640 });
}

export async function openDashboard(section = ''): Promise<void> {
  await browser.tabs.create({ url: browser.runtime.getURL(`/dashboard.html${section ? `#/${section}` : ''}`) });
}

/** A tab of a window as "Shorten all tabs" sees it. */
export interface WindowTab {
  /** null when the extension may not read it. */
  url: string | null;
  title: string;
  /** One of this extension's own pages (the popped-out popup, the dashboard). */
  own: boolean;
  /** In a private window. */
  incognito: boolean;
}

/**
 * The tabs in the popup's window (the window of `tabId` when the popup is popped out), in their
 * order. A tab whose address the extension may not read has none: the caller can ask for the
 * `tabs` permission (askForTabs) and look again.
 */
export async function windowTabs(tabId: number | null): Promise<WindowTab[]> {
  const windowId = tabId !== null ? (await browser.tabs.get(tabId)).windowId : undefined;
  const tabs = await browser.tabs.query(windowId !== undefined ? { windowId } : { currentWindow: true });
  const [own, ownUrls] = [browser.runtime.getURL('/'), await ownTabs()];
  return tabs.map((t) => {
    const url = t.url || (t.id !== undefined ? ownUrls.get(t.id) : undefined) || null;
    return { url, title: t.title ?? '', own: Boolean(url?.startsWith(own)), incognito: t.incognito };
  });
}

/**
 * This extension's own pages open in tabs (tab id → address). A browser may hide even these
 * addresses from a tab query without the `tabs` permission (Chromium does since version 150);
 * the extension's own contexts still say where its pages are. Empty where the browser cannot say.
 */
async function ownTabs(): Promise<Map<number, string>> {
  try {
    const contexts = await browser.runtime.getContexts({ contextTypes: ['TAB'] });
    return new Map(contexts.filter((c) => c.tabId >= 0 && c.documentUrl).map((c) => [c.tabId, c.documentUrl!]));
  } catch {
    return new Map();
  }
}

/** Asks for the optional `tabs` permission (it must come straight from a click); true when granted. */
export function askForTabs(): Promise<boolean> {
  return browser.permissions.request({ permissions: ['tabs'] });
}

/** Gives the optional `tabs` permission back once the tabs were read: it is needed for one look only. */
export async function releaseTabs(): Promise<void> {
  await browser.permissions.remove({ permissions: ['tabs'] }).catch(() => false);
}
