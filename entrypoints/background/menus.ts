import { browser } from 'wxt/browser';
import { t } from '@/lib/browser/i18n';
import { shortenAndCopy } from './shorten';
import type { BackgroundSync } from './sync';

export const MENU_SHORTEN_LINK = 'shorten-link';
export const MENU_SHORTEN_PAGE = 'shorten-page';

/** "Shorten link" on links and "Shorten this page" on pages. */
export function registerMenus(sync: BackgroundSync): void {
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus.removeAll().then(() => {
      browser.contextMenus.create({ id: MENU_SHORTEN_LINK, title: t('menu.shortenLink'), contexts: ['link'] });
      browser.contextMenus.create({ id: MENU_SHORTEN_PAGE, title: t('menu.shortenPage'), contexts: ['page'] });
    });
  });
  browser.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId === MENU_SHORTEN_LINK) void shortenAndCopy(sync, info.linkUrl);
    else if (info.menuItemId === MENU_SHORTEN_PAGE) void shortenAndCopy(sync, info.pageUrl ?? tab?.url, tab?.title);
  });
}
