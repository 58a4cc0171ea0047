import { existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { findFirefox } from '../../scripts/firefox.mjs';
import { GECKO_ID } from '../../store/manifest';

export const EXTENSION_DIR = path.resolve(process.env.LINKPILOT_OUT_DIR ?? '.output', 'firefox-mv2');

/**
 * Firefox gives each install a random UUID as its pages' host; this pref fixes it, so the suite
 * knows the address of the extension's pages before it opens one.
 */
const EXTENSION_UUID = '6f1c1b64-2d6e-4c8e-9a51-3f1d0c2b7a10';

export interface LaunchedFirefox {
  browser: Browser;
  /** The address of one of the extension's pages: `moz-extension://UUID/popup.html`. */
  extensionUrl: (page: string) => string;
  /**
   * Every console error and uncaught error of the extension (its pages and its background page)
   * and of web pages, as Firefox reports them, in order. The remote protocol reports none of an
   * extension's own pages, so they are read from what Firefox prints.
   */
  problems: string[];
}

/**
 * A headless Firefox with a fresh profile and the built extension installed as a temporary
 * add-on, driven by puppeteer-core over WebDriver BiDi (Playwright cannot drive a stock Firefox).
 */
export async function launchFirefox(): Promise<LaunchedFirefox> {
  if (!existsSync(path.join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error('The Firefox build is missing: run `npm run build:firefox` first.');
  }
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? findFirefox(),
    headless: true,
    // Lets the remote protocol navigate a tab to the extension's moz-extension:// pages.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // A web page may read the clipboard without the paste prompt, which nobody could answer here.
      'dom.events.testing.asyncClipboard': true,
      // One language and no traffic beyond loopback.
      'intl.locale.requested': 'en-US',
      'intl.accept_languages': 'en-US',
      'network.captive-portal-service.enabled': false,
      'network.connectivity-service.enabled': false,
      // Prints pages' console messages to stdout, where `problems` reads them.
      'devtools.console.stdout.content': true,
    },
  });
  const problems = collectProblems(browser);
  try {
    await browser.installExtension(EXTENSION_DIR);
  } catch (error) {
    await browser.close();
    throw error;
  }
  return { browser, extensionUrl: (page) => `moz-extension://${EXTENSION_UUID}/${page}`, problems };
}

/**
 * Console errors ("console.error: …" on stdout) and uncaught errors and rejections ("JavaScript
 * error: URL, line N: …" on stderr) of the extension and of web pages; Firefox's own modules
 * (resource://, chrome://) report their quirks there too, and are not the product's.
 */
function collectProblems(browser: Browser): string[] {
  const problems: string[] = [];
  const read = (stream: NodeJS.ReadableStream | null | undefined, isProblem: (line: string) => boolean) => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      problems.push(...lines.filter(isProblem));
    });
  };
  const child = browser.process();
  // A page's console.error prints its arguments (a string quoted); Firefox's own modules print through
  // named consoles, unquoted: "console.error: RSLoader: …".
  read(child?.stdout, (line) => line.startsWith('console.error:') && !/^console\.error: [A-Za-z]+: /.test(line));
  read(child?.stderr, (line) => /^JavaScript error: (moz-extension|https?):/.test(line));
  return problems;
}
