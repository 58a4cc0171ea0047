import 'fake-indexeddb/auto';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { fakeI18n } from './i18n/catalogue';

// The fake browser has no i18n: views and the worker read the English catalogue, as a browser would.
const english = await fakeI18n('en');

beforeEach(() => {
  fakeBrowser.reset();
  Object.assign(fakeBrowser.i18n, english);
});
