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
export const fixedOrigins = (): string[] => browser.runtime.getManifest().host_permissions ?? [];

/** Gives back host access to these origin patterns; a failure is logged, as nothing waits on it. */
export async function giveBackOrigins(patterns: string[]): Promise<void> {
  if (patterns.length === 0) return;
  try {
    await browser.permissions.remove({ origins: patterns });
  } catch (error) {
    console.error('Linkpilot: giving back host access failed', error);
  }
}

/**
 * Gives back host access to the origins a change of the connections left unused (a connection
 * removed, or pointed at another service): access is held only while some connection needs it.
 */
export async function releaseUnusedOrigins(before: { baseUrl: string }[], after: { baseUrl: string }[]): Promise<void> {
  const patternsOf = (list: { baseUrl: string }[]) => new Set(list.map((c) => originPermissionPattern(c.baseUrl)));
  const used = patternsOf(after);
  const fixed = new Set(fixedOrigins());
  await giveBackOrigins([...patternsOf(before)].filter((p) => !used.has(p) && !fixed.has(p)));
}

/**
 * Asks for host access to several origin patterns at once (one prompt); true when all are granted.
 * Like requestOriginAccess, it must be called straight from a click.
 */
export function requestOriginsAccess(patterns: string[]): Promise<boolean> {
  if (patterns.length === 0) return Promise.resolve(true);
  return browser.permissions.request({ origins: patterns });
}
