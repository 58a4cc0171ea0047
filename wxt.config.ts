import { defineConfig } from 'wxt';

// The extension talks to exactly one service origin: the local server (127.0.0.1, any port)
// is granted up front; any other origin is requested at connect time (optional permission),
// so the manifest never asks for <all_urls>.
export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/i18n/module'],
  webExt: { disabled: true },
  // Separate builds can live side by side (e.g. parallel test runs): LINKPILOT_OUT_DIR=.output-b
  outDir: process.env.LINKPILOT_OUT_DIR ?? '.output',
  manifest: ({ browser }) => {
    const serviceOrigins = ['https://*/*', 'http://*/*'];
    const firefox = browser === 'firefox';
    return {
      // Words come from locales/*.yml (English is the default); the browser picks the UI language's.
      default_locale: 'en',
      name: '__MSG_manifest_name__',
      description: '__MSG_manifest_description__',
      // activeTab: the current page's URL when the popup, menu or shortcut is used; offscreen +
      // clipboardWrite: copying from the worker (Firefox's background page copies itself); no `tabs`.
      // declarativeNetRequestWithHostAccess: one rule, on the extension's own requests to origins it
      // already holds, so that the browser never resends a create by itself (lib/browser/fresh-connections.ts).
      permissions: [
        'storage',
        'alarms',
        'activeTab',
        'contextMenus',
        'notifications',
        'clipboardWrite',
        'declarativeNetRequestWithHostAccess',
        ...(firefox ? [] : ['offscreen']),
      ],
      host_permissions: ['http://127.0.0.1/*'],
      // Private windows share the one worker and database (spanning, set explicitly; Firefox knows no
      // other allowed mode). What a private tab only shows is not written down, and Shorten all tabs
      // leaves private tabs out; a link the person shortens from one on purpose is kept (README).
      incognito: 'spanning',
      // Firefox's MV2 manifest has no optional_host_permissions: origins go in optional_permissions.
      // `tabs` is optional too: asked for only when "Shorten all tabs" meets a tab it may not read.
      ...(firefox
        ? { optional_permissions: [...serviceOrigins, 'tabs'] }
        : { optional_host_permissions: serviceOrigins, optional_permissions: ['tabs'] }),
      // Typing `lp` and a word in the address bar finds the account's links in the mirror (no permission needed).
      omnibox: { keyword: 'lp' },
      commands: {
        'shorten-current-tab': {
          suggested_key: { default: 'Alt+Shift+L' },
          description: '__MSG_manifest_shortenCommand__',
        },
      },
      ...(firefox
        ? { browser_specific_settings: { gecko: { id: 'linkpilot@linkpilot.test', strict_min_version: '120.0' } } }
        : {}),
    };
  },
});
