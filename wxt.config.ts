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
    permissions: ['storage', 'alarms'],
    host_permissions: ['http://127.0.0.1/*'],
    optional_host_permissions: ['https://*/*', 'http://*/*'],
  },
});
