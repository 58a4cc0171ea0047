import 'fake-indexeddb/auto';
import { beforeEach, inject } from 'vitest';
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

beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser.i18n, english);
  fakeBrowser.runtime.getManifest = () => manifest as ReturnType<typeof fakeBrowser.runtime.getManifest>;
});
