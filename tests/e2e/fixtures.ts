import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { type RunningServer, type ServerOptions, startServer } from '../../server/start';
import { type Launched, launchWithExtension, resetToFreshInstall } from './browser';
import { PopupPage } from './pages/PopupPage';
import { openTab } from './support';
import { startWebPages, type WebPages } from './web-pages';

interface WorkerFixtures {
  /** Ordinary web pages on 127.0.0.1 for tabs to be on, one server per Playwright worker. */
  web: WebPages;
  /** The worker's browser in a UI language, put back to a fresh install after each test. */
  browserIn: (language: string) => Promise<Launched>;
}

interface Fixtures {
  /** Opens `url` in a tab, then the popup about that tab (as its pop-out window would be). */
  popupFor: (url: string) => Promise<{ popup: PopupPage; tabId: number }>;
  serverOptions: ServerOptions;
  /** The browser's UI language (English unless a spec sets it with test.use). */
  uiLanguage: string;
  server: RunningServer;
  launched: Launched;
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  extensionUrl: (page: string) => string;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  web: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its destructured first parameter; this one has none.
    async ({}, use) => {
      const web = await startWebPages();
      await use(web);
      await web.close();
    },
    { scope: 'worker' },
  ],
  popupFor: async ({ context, worker, extensionUrl }, use) => {
    await use(async (url) => {
      const { tabId } = await openTab(context, worker, url);
      const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
      await popup.openFor(tabId);
      return { popup, tabId };
    });
  },
  serverOptions: [{}, { option: true }],
  uiLanguage: ['en-US', { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startServer({ port: 0, db: ':memory:', rateLimit: 600, rateWindowSec: 60, ...serverOptions });
    await use(server);
    await server.close();
  },
  browserIn: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its destructured first parameter; this one has none.
    async ({}, use) => {
      // The UI language is fixed at launch (--lang): a test in another language takes another browser.
      // Each language's browser is kept until the worker ends, not closed at the next switch: the
      // tests of a language are spread over the run, and a launch costs more (about 3.4 s of CPU) than
      // an idle browser (none measured; a few hundred MB of a machine's memory).
      const held = new Map<string, Promise<Launched>>();
      await use((language) => {
        if (!held.has(language)) held.set(language, launchWithExtension(language));
        return held.get(language)!;
      });
      // A launch that failed failed its test already; the others' browsers are closed.
      const launches = await Promise.allSettled(held.values());
      await Promise.all(launches.map((l) => l.status === 'fulfilled' && l.value.context.close()));
    },
    { scope: 'worker' },
  ],
  // The extension is part of every test, and no test sees another's mirror, queue or settings. The
  // browser outlives the test: a test that adds to the context itself (an init script, say) takes it
  // away again.
  launched: async ({ browserIn, uiLanguage }, use) => {
    const launched = await browserIn(uiLanguage);
    await use(launched);
    await resetToFreshInstall(launched.context, launched.extensionId);
  },
  context: async ({ launched }, use) => {
    await use(launched.context);
  },
  worker: async ({ launched }, use) => {
    await use(launched.worker);
  },
  extensionId: async ({ launched }, use) => {
    await use(launched.extensionId);
  },
  extensionUrl: async ({ extensionId }, use) => {
    await use((page) => `chrome-extension://${extensionId}/${page}`);
  },
});

export { expect } from '@playwright/test';
