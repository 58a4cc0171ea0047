import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type BrowserContext, chromium, type Worker } from '@playwright/test';
import { findChromium } from '../../scripts/chromium.mjs';
import { stopServiceWorker, wakeServiceWorker } from './service-worker';

export const EXTENSION_DIR = path.resolve(process.env.LINKPILOT_OUT_DIR ?? '.output', 'chrome-mv3');

/** The browser of every test and benchmark: CHROMIUM_PATH, else one found or installed (scripts/chromium.mjs). */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? findChromium();
}

/**
 * Chromium's address-bar suggestions are a web page of their own in recent versions, started with every
 * browser (chrome://omnibox-popup.top-chrome): in a test run it took about 2 s of CPU per browser, on a
 * machine where the tests' browsers share two cores. Nothing here uses the browser's own address bar
 * (the omnibox test speaks to the extension's keyword through its events). Nor the spare renderer the
 * browser keeps started for the next site opened, and starts again each time one is taken: a test's
 * browser then runs two renderers after its first extension page, not three (about 2 % off a spec's run).
 */
const DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];

/**
 * Chromium reads only the last `--disable-features`, and Playwright passes one of its own (its
 * chromiumSwitches.ts): ours must repeat its list or would undo it. Read from the installed Playwright,
 * so that an upgrade's list is the one repeated; a bundle in another shape fails the launch plainly.
 */
function playwrightDisabledFeatures(): string[] {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = bundle.match(/\bdisabledFeatures = \[([^\]]*)\]/)?.[1];
  const names = [...(list ?? '').matchAll(/"(\w+)"/g)].map((m) => m[1]!);
  if (!names.includes('PaintHolding')) throw new Error("could not read Playwright's --disable-features list");
  return names;
}

export interface Launched {
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
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
): Promise<Launched> {
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
    `--disable-features=${[...playwrightDisabledFeatures(), ...DISABLED_FEATURES].join(',')}`,
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

/**
 * Puts a browser that ran a test back where a first install leaves it, for the next test: a blank
 * tab alone, the extension's storage, databases, alarms, rules, notifications and granted origins
 * gone, and its worker stopped and started again, with nothing kept in its memory. Measured against
 * a new browser per test in docs/decisions/0017.
 */
export async function resetToFreshInstall(
  context: BrowserContext,
  extensionId: string,
): Promise<{ clockInstalled: boolean }> {
  const pages = context.pages();
  const page = pages[0] ?? (await context.newPage());
  await Promise.all(pages.slice(1).map((p) => p.close()));
  await Promise.all([context.clearCookies(), context.clearPermissions()]);
  // Any page of the extension's origin has its APIs, whatever state the worker is in (even stopped).
  await page.goto(`chrome-extension://${extensionId}/manifest.json`);
  // A test's `clock.install` stays on every page the context opens later.
  const clockInstalled = await page.evaluate(() => '__pwClock' in globalThis);
  await page.evaluate(async () => {
    const fixed = new Set(chrome.runtime.getManifest().host_permissions ?? []);
    const granted = (await chrome.permissions.getAll()).origins ?? [];
    const rules = await chrome.declarativeNetRequest.getDynamicRules();
    const offscreen = await chrome.runtime.getContexts({ contextTypes: ['OFFSCREEN_DOCUMENT' as never] });
    const notifications = Object.keys(await chrome.notifications.getAll());
    await Promise.all([
      chrome.storage.local.clear(),
      chrome.storage.session.clear(),
      chrome.storage.sync.clear(),
      chrome.alarms.clearAll(),
      chrome.declarativeNetRequest.updateDynamicRules({ removeRuleIds: rules.map((r) => r.id) }),
      chrome.permissions.remove({ origins: granted.filter((o) => !fixed.has(o)) }),
      chrome.action.setBadgeText({ text: '' }),
      offscreen.length > 0 ? chrome.offscreen.closeDocument() : undefined,
      ...notifications.map((id) => chrome.notifications.clear(id)),
    ]);
  });
  // Stopped, the worker forgets what it held and closes its databases, which can then go.
  await stopServiceWorker(context, page);
  await page.evaluate(async () => {
    localStorage.clear();
    const names = (await indexedDB.databases()).map((d) => d.name!);
    await Promise.all(
      names.map(
        (name) =>
          new Promise((done, fail) => {
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = done;
            request.onerror = () => fail(request.error);
            request.onblocked = () => fail(new Error(`database ${name} is still open`));
          }),
      ),
    );
  });
  // Started again as on any wake-up: it makes its alarms and menus, and finds no connection.
  await wakeServiceWorker(page);
  await page.goto('about:blank');
  return { clockInstalled };
}
