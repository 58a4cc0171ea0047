import 'fake-indexeddb/auto';
import { beforeEach, inject, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { extensionManifest } from '../../store/manifest';
import { fakeI18nFrom } from './i18n/fake-i18n';

// The fake browser has no i18n: views and the worker read the English catalogue, as a browser would.
const english = fakeI18nFrom('en', inject('englishMessages'));
// Nor a manifest: the worker reads the test build's (Chrome's, with the local server granted).
const manifest = {
  manifest_version: 3,
  name: 'Linkpilot',
  version: '1.0.0',
  ...extensionManifest({ browser: 'chrome', localService: true }),
};

// The files of a worker share one module graph (isolate: false in vitest.config.ts), and
// @wxt-dev/browser (behind @wxt-dev/i18n and @wxt-dev/storage) reads the global `chrome` once, as it
// loads. A test file's vi.unstubAllGlobals takes away WXT's stub of it too: loaded first by a later
// file of that worker, the module kept no browser, and every call through it failed for the rest of
// the worker's files (seen when two workers shared the files differently). Loaded here, with the fake
// browser in place, it keeps it.
const stubBrowser = () => {
  vi.stubGlobal('chrome', fakeBrowser);
  vi.stubGlobal('browser', fakeBrowser);
};
stubBrowser();
await import('@wxt-dev/browser');

beforeEach(() => {
  // Put back for each test what an earlier file's vi.unstubAllGlobals took away.
  stubBrowser();
  fakeBrowser.reset();
  Object.assign(fakeBrowser.i18n, english);
  fakeBrowser.runtime.getManifest = () => manifest as ReturnType<typeof fakeBrowser.runtime.getManifest>;
});
