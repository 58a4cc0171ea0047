import { type BrowserContext, test as base, type Worker } from '@playwright/test';
import { type RunningServer, type ServerOptions, startServer } from '../../server/start';
import { launchWithExtension } from './browser';

interface Fixtures {
  serverOptions: ServerOptions;
  server: RunningServer;
  context: BrowserContext;
  worker: Worker;
  extensionId: string;
  extensionUrl: (page: string) => string;
}

export const test = base.extend<Fixtures>({
  serverOptions: [{}, { option: true }],
  server: async ({ serverOptions }, use) => {
    const server = await startServer({ port: 0, db: ':memory:', rateLimit: 600, rateWindowSec: 60, ...serverOptions });
    await use(server);
    await server.close();
  },
  // The extension is part of every test: one browser profile per test keeps tests independent.
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from its destructured first parameter; this one has none.
  context: async ({}, use) => {
    const launched = await launchWithExtension();
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
