import 'fake-indexeddb/auto';
import { beforeEach, inject } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fakeI18nFrom } from './i18n/fake-i18n';

// The fake browser has no i18n: views and the worker read the English catalogue, as a browser would.
const english = fakeI18nFrom('en', inject('englishMessages'));

beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser.i18n, english);
});
