import { browser } from 'wxt/browser';

/** Only a first install opens the welcome page: an update, or the browser's own update, opens nothing. */
export function opensWelcome(details: { reason: string }): boolean {
  return details.reason === 'install';
}

/** Opens the welcome page (what Linkpilot does, where the API key is, the connect form) on first install. */
export function registerWelcome(): void {
  browser.runtime.onInstalled.addListener((details) => {
    if (opensWelcome(details)) void browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
  });
}
