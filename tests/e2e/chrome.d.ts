// `chrome` exists inside extension pages and the service worker that specs evaluate code in.
declare const chrome: typeof import('@wxt-dev/browser').Browser;

/** Chromium's extension events can be fired from a test with dispatch(), running the real listeners. */
interface Dispatchable {
  dispatch(...args: unknown[]): void;
}
