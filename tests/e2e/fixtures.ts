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
  browsers: {
    in: (language: string) => Promise<Launched>;
    /** Closes the browser of `language`: the next test in it starts a new one. */
    discard: (language: string) => Promise<void>;
  };
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
  browsers: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its destructured first parameter; this one has none.
    async ({}, use) => {
      // The UI language is fixed at launch (--lang): a test in another language takes another browser.
      // Each language's browser is kept until the worker ends, not closed at the next switch: the
      // tests of a language are spread over the run, and a launch costs more (about 3.4 s of CPU) than
      // an idle browser (none measured; a few hundred MB of a machine's memory).
      const held = new Map<string, Promise<Launched>>();
      const close = async (launched: Promise<Launched>) => {
        // A launch that failed failed its test already.
        const settled = await Promise.allSettled([launched]);
        if (settled[0].status === 'fulfilled') await settled[0].value.context.close();
      };
      await use({
        in: (language) => {
          if (!held.has(language)) held.set(language, launchWithExtension(language));
          return held.get(language)!;
        },
        discard: async (language) => {
          const launched = held.get(language);
          held.delete(language);
          if (launched) await close(launched);
        },
      });
      await Promise.all([...held.values()].map(close));
    },
    { scope: 'worker' },
  ],
  // The extension is part of every test, and no test sees another's mirror, queue or settings. The
  // browser outlives the test: a test that adds to the context itself (an init script, say) takes it
  // away again. A fake clock cannot be taken away (Playwright has no uninstall): a browser left with
  // one is closed, and the next test starts a new one.
  launched: async ({ browsers, uiLanguage }, use) => {
    const launched = await browsers.in(uiLanguage);
    await use(launched);
    const { clockInstalled } = await resetToFreshInstall(launched.context, launched.extensionId);
    if (clockInstalled) await browsers.discard(uiLanguage);
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
