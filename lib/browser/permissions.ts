import { browser } from 'wxt/browser';
import { originPermissionPattern } from '../settings/service-url';

/**
 * Asks for host access to one origin pattern. It must be called straight from a click, before any
 * other await, or the browser refuses to show the prompt.
 */
export function requestOriginAccess(pattern: string): Promise<boolean> {
  return browser.permissions.request({ origins: [pattern] });
}

/** Host access the manifest grants for good (the local server in test builds); never given back. */
const requiredOrigins = () => new Set(browser.runtime.getManifest().host_permissions ?? []);

/**
 * Gives back host access to the origins a change of the connections left unused (a connection
 * removed, or pointed at another service): access is held only while some connection needs it.
 */
export async function releaseUnusedOrigins(before: { baseUrl: string }[], after: { baseUrl: string }[]): Promise<void> {
  const patternsOf = (list: { baseUrl: string }[]) => new Set(list.map((c) => originPermissionPattern(c.baseUrl)));
  const used = patternsOf(after);
  const required = requiredOrigins();
  const unused = [...patternsOf(before)].filter((p) => !used.has(p) && !required.has(p));
  if (unused.length === 0) return;
  try {
    await browser.permissions.remove({ origins: unused });
  } catch (error) {
    console.error('Linkpilot: giving back host access failed', error);
  }
}

/**
 * Asks for host access to several origin patterns at once (one prompt); true when all are granted.
 * Like requestOriginAccess, it must be called straight from a click.
 */
export function requestOriginsAccess(patterns: string[]): Promise<boolean> {
  if (patterns.length === 0) return Promise.resolve(true);
  return browser.permissions.request({ origins: patterns });
}
