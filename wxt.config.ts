import { defineConfig } from 'wxt';

// The extension talks to exactly one service origin: the local server (127.0.0.1, any port)
// is granted up front; any other origin is requested at connect time (optional permission),
// so the manifest never asks for <all_urls>.
export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  webExt: { disabled: true },
  manifest: {
    name: 'Linkpilot',
    description: 'Shorten, track and manage your links, online or offline.',
    // activeTab: the current page's URL when the popup, menu or shortcut is used; offscreen +
    // clipboardWrite: copying from the worker; no `tabs`, no <all_urls>.
    permissions: ['storage', 'alarms', 'activeTab', 'contextMenus', 'notifications', 'offscreen', 'clipboardWrite'],
    host_permissions: ['http://127.0.0.1/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
    commands: {
      'shorten-current-tab': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: 'Shorten the current tab and copy the short URL',
      },
    },
  },
});
