import { webUrlProblem } from '../api/web-url';
import { words } from '../words';

/**
 * Schemes of pages that exist only inside a browser, so a short link to them would lead nowhere for
 * anyone else. Each group has its own reason, said plainly in the popup instead of "Shorten this page".
 */
const KINDS: Record<string, 'browser' | 'extension' | 'file' | 'source' | 'inline'> = {
  about: 'browser',
  chrome: 'browser',
  'chrome-untrusted': 'browser',
  'chrome-search': 'browser',
  'chrome-error': 'browser',
  devtools: 'browser',
  edge: 'browser',
  brave: 'browser',
  opera: 'browser',
  vivaldi: 'browser',
  resource: 'browser',
  'chrome-extension': 'extension',
  'moz-extension': 'extension',
  'safari-web-extension': 'extension',
  extension: 'extension',
  file: 'file',
  filesystem: 'file',
  'view-source': 'source',
  data: 'inline',
  blob: 'inline',
  javascript: 'inline',
};

/**
 * Why the page at `url` cannot be shortened, as a catalogue message; null when it can (an http(s)
 * address the service accepts). Pages of the browser, of extensions, local files, a page's source
 * and addresses that carry their own content each say so in their words; anything else is the same
 * problem the link form would name.
 */
export function whyNotShortenable(url: string): string | null {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url.trim())?.[1]?.toLowerCase();
  const kind = scheme ? KINDS[scheme] : undefined;
  if (kind) return words(`notShortenable.${kind}`);
  return webUrlProblem(url.trim());
}

/**
 * The pages and links the browser offers "Shorten" on (its menus' match patterns): web addresses
 * only, so the menu is not there at all on a page the popup would say cannot be shortened.
 */
export const WEB_PAGES = ['http://*/*', 'https://*/*'];
