import { existsSync } from 'node:fs';
import path from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { findChromium } from '../../scripts/chromium.mjs';

export const EXTENSION_DIR = path.resolve(process.env.LINKPILOT_OUT_DIR ?? '.output', 'chrome-mv3');

/** The browser of every test and benchmark: CHROMIUM_PATH, else one found or installed (scripts/chromium.mjs). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? findChromium();
}

/**
 * A fresh profile with the built extension loaded, headless, with no traffic beyond loopback.
 * `language` is the browser's UI language, which picks the extension's catalogue (`--lang`).
 * The welcome tab the install opens is closed, so that tests start from the tabs they open,
 * unless `keepWelcome` (the welcome page's own test, and a browser started again on a profile).
 * `extensionDir` and `profileDir` load another build, into a profile that outlives the browser.
 */
export async function launchWithExtension(
  language = 'en-US',
  { keepWelcome = false, extensionDir = EXTENSION_DIR, profileDir = '' } = {},
): Promise<{ context: BrowserContext; worker: Worker; extensionId: string }> {
  if (!existsSync(path.join(extensionDir, 'manifest.json'))) {
    throw new Error('The extension is not built: run `npm run build` first.');
  }
  const args = [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    `--lang=${language}`,
  ];
  if (process.getuid?.() === 0) args.push('--no-sandbox');
  // One locale and time zone everywhere (unless a test asks for another language), so dates read the
  // same on every machine and in screenshots.
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath(),
    headless: true,
    args,
    locale: language,
    timezoneId: 'UTC',
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  if (!keepWelcome) await closeWelcome(worker);
  return { context, worker, extensionId };
}

/** Waits for the welcome tab a first install opens, and closes it. */
async function closeWelcome(worker: Worker): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const closed = await worker.evaluate(async () => {
      const tabs = await chrome.tabs.query({ url: chrome.runtime.getURL('welcome.html') });
      await Promise.all(tabs.map((tab) => chrome.tabs.remove(tab.id!)));
      return tabs.length > 0;
    });
    if (closed) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the first install opened no welcome page');
}
