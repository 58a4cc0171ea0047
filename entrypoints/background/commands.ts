import { browser } from 'wxt/browser';
import { shortenAndCopy } from './shorten';
import type { BackgroundSync } from './sync';

export const COMMAND_SHORTEN = 'shorten-current-tab';

/** The keyboard shortcut: shorten the current tab and copy the short URL. */
export function registerCommands(sync: BackgroundSync): void {
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== COMMAND_SHORTEN) return;
    void (async () => {
      const target = tab ?? (await browser.tabs.query({ active: true, lastFocusedWindow: true }))[0];
      await shortenAndCopy(sync, target?.url, target?.title);
    })();
  });
}
