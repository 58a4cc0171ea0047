import { browser } from 'wxt/browser';

/**
 * Asks for host access to one origin pattern. It must be called straight from a click, before any
 * other await, or the browser refuses to show the prompt.
 */
export function requestOriginAccess(pattern: string): Promise<boolean> {
  return browser.permissions.request({ origins: [pattern] });
}
