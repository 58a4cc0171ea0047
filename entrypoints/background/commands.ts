import { browser } from 'wxt/browser';
import { REPLACE_IN_FIELD_COMMAND, SHORTEN_COMMAND } from '@/lib/browser/shortcuts';
import { replaceUrlsInField } from './replace-in-field';
import { shortenAndCopy } from './shorten';
import type { BackgroundSync } from './sync';

/** The keyboard shortcuts: shorten the current tab and copy the short URL; replace addresses in the focused field. */
export function registerCommands(sync: BackgroundSync): void {
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== SHORTEN_COMMAND && command !== REPLACE_IN_FIELD_COMMAND) return;
    void (async () => {
      const target = tab ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
      if (command === SHORTEN_COMMAND) return shortenAndCopy(sync, target?.url, target?.title);
      // A shortcut, unlike the menu, does not say which frame has the focus: the field is looked for.
      if (target?.id !== undefined)
        await replaceUrlsInField(sync, { tabId: target.id, pageUrl: target.url, frameId: null });
    })();
  });
}
