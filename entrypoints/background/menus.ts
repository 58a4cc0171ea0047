import { browser } from 'wxt/browser';
import { t } from '@/lib/browser/i18n';
import { WEB_PAGES } from '@/lib/pages/shortenable';
import { replaceUrlsInField } from './replace-in-field';
import { shortenAndCopy } from './shorten';
import type { BackgroundSync } from './sync';

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';
export const MENU_REPLACE_IN_FIELD = 'replace-in-field';

/** "Shorten link" on links, "Shorten this page" on pages and "Replace with short link" in text fields. */
export function registerMenus(sync: BackgroundSync): void {
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus.removeAll().then(() => {
      browser.contextMenus.create({
        id: MENU_SHORTEN_LINK,
        title: t('menu.shortenLink'),
        contexts: ['link'],
        targetUrlPatterns: WEB_PAGES,
      });
      browser.contextMenus.create({
        id: MENU_SHORTEN_PAGE,
        title: t('menu.shortenPage'),
        contexts: ['page'],
        documentUrlPatterns: WEB_PAGES,
      });
      browser.contextMenus.create({
        id: MENU_REPLACE_IN_FIELD,
        title: t('menu.replaceInField'),
        contexts: ['editable'],
      });
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_SHORTEN_LINK) void shortenAndCopy(sync, info.linkUrl);
    else if (info.menuItemId === MENU_SHORTEN_PAGE) void shortenAndCopy(sync, info.pageUrl ?? tab?.url, tab?.title);
    else if (info.menuItemId === MENU_REPLACE_IN_FIELD && tab?.id !== undefined) {
      // The frame the menu was opened in: a composer often lives in a frame of its own.
      const place = { tabId: tab.id, pageUrl: tab.url ?? info.pageUrl, frameId: info.frameId ?? 0 };
      void replaceUrlsInField(sync, place);
    }
  });
}
