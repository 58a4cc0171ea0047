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
      let held: { language: string; launched: Launched } | undefined;
      await use(async (language) => {
        if (held?.language !== language) {
          await held?.launched.context.close();
          held = { language, launched: await launchWithExtension(language) };
        }
        return held.launched;
      });
      await held?.launched.context.close();
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
