import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { type RunningServer, type ServerOptions, startServer } from '../../server/start';
import { launchWithExtension } from './browser';
import { PopupPage } from './pages/PopupPage';
import { openTab } from './support';
import { startWebPages, type WebPages } from './web-pages';

interface WorkerFixtures {
  /** Ordinary web pages on 127.0.0.1 for tabs to be on, one server per Playwright worker. */
  web: WebPages;
}

interface Fixtures {
  /** Opens `url` in a tab, then the popup about that tab (as its pop-out window would be). */
  popupFor: (url: string) => Promise<{ popup: PopupPage; tabId: number }>;
  serverOptions: ServerOptions;
  /** The browser's UI language (English unless a spec sets it with test.use). */
  uiLanguage: string;
  server: RunningServer;
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
  // The extension is part of every test: one browser profile per test keeps tests independent.
  context: async ({ uiLanguage }, use) => {
    const launched = await launchWithExtension(uiLanguage);
    await use(launched.context);
    await launched.context.close();
  },
  worker: async ({ context }, use) => {
    await use(context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker')));
  },
  extensionId: async ({ worker }, use) => {
    await use(new URL(worker.url()).host);
  },
  extensionUrl: async ({ extensionId }, use) => {
    await use((page) => `chrome-extension://${extensionId}/${page}`);
  },
});

export { expect } from '@playwright/test';
