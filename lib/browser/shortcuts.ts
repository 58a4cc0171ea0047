import { browser } from 'wxt/browser';

/** The command that shortens the current tab (wxt.config.ts names it). */
export const SHORTEN_COMMAND = 'shorten-current-tab';
/** The command that replaces the addresses in the focused text field with their short links. */
export const REPLACE_IN_FIELD_COMMAND = 'replace-in-field';

/** The keys set for a command, as the browser shows them ("Alt+Shift+L"); '' when none is set. */
export async function shortcutOf(command: string): Promise<string> {
  try {
    return (await browser.commands.getAll()).find((c) => c.name === command)?.shortcut ?? '';
  } catch {
    return '';
  }
}

/**
 * Opens the browser's own page for changing extension shortcuts. Chromium has one at
 * chrome://extensions/shortcuts; Firefox keeps it in the add-ons manager, which an extension may
 * not open, so there the caller shows where to find it instead (false).
 */
export async function openShortcutSettings(): Promise<boolean> {
  if (import.meta.env.FIREFOX) return false;
  await browser.tabs.create({ url: 'chrome://extensions/shortcuts' });
  return true;
}
