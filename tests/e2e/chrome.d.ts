// `chrome` exists inside extension pages and the service worker that specs evaluate code in.
declare const chrome: typeof import('@wxt-dev/browser').Browser;
