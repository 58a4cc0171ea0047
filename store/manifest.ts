/** Ours alone: a UUID made for Linkpilot (AMO accepts `{uuid}` ids; we own no domain to put in an email-like one). */
export const GECKO_ID = '{4daf0df4-45d5-43d7-b110-1146cea9f630}';

/** The local server of development and tests; a store build asks for it like any other service origin. */
export const LOCAL_SERVICE_ORIGIN = 'http://127.0.0.1/*';

/** Any service origin, asked for at connect time (optional), so the manifest never asks for <all_urls>. */
export const SERVICE_ORIGINS = ['https://*/*', 'http://*/*'];

export interface ManifestTarget {
  browser: 'chrome' | 'firefox';
  /** Grant the local server up front: development, tests and benchmarks, never the store packages. */
  localService: boolean;
}

/** Whether this build grants the local server up front: every build but the store's (`LINKPILOT_BUILD=store`). */
export function grantsLocalService(env: Record<string, string | undefined>): boolean {
  return env.LINKPILOT_BUILD !== 'store';
}

/** What the store checks read of a manifest; the rest passes through as WXT takes it. */
export interface ExtensionManifest {
  [key: string]: unknown;
  permissions?: string[];
  host_permissions?: string[];
  optional_permissions?: string[];
  optional_host_permissions?: string[];
  browser_specific_settings?: Record<string, Record<string, unknown>>;
}

/** The manifest of one browser's build: one definition, so the store checks read what the browsers get. */
export function extensionManifest({ browser, localService }: ManifestTarget): ExtensionManifest {
  const firefox = browser === 'firefox';
  return {
    // Words come from locales/*.yml (English is the default); the browser picks the UI language's.
    default_locale: 'en',
    name: '__MSG_manifest_name__',
    description: '__MSG_manifest_description__',
    // Why each permission is needed: store/permissions.ts (the store forms' text, checked by a test).
    permissions: [
      'storage',
      'alarms',
      'activeTab',
      'contextMenus',
      'notifications',
      'clipboardWrite',
      'declarativeNetRequestWithHostAccess',
      // Reads and changes the focused text field, only on "Replace with short link" (menu or shortcut).
      'scripting',
      ...(firefox ? [] : ['offscreen']),
    ],
    ...(localService ? { host_permissions: [LOCAL_SERVICE_ORIGIN] } : {}),
    // Private windows share the one worker and database (spanning, set explicitly; Firefox knows no
    // other allowed mode). What a private tab only shows is not written down, and Shorten all tabs
    // leaves private tabs out; a link the person shortens from one on purpose is kept (README).
    incognito: 'spanning',
    // Firefox's MV2 manifest has no optional_host_permissions: origins go in optional_permissions.
    // `tabs` is optional too: asked for only when "Shorten all tabs" meets a tab it may not read.
    ...(firefox
      ? { optional_permissions: [...SERVICE_ORIGINS, 'tabs'] }
      : { optional_host_permissions: SERVICE_ORIGINS, optional_permissions: ['tabs'] }),
    // The page a visit of one's own plain short link is redirected to (counted here, then sent on):
    // a redirect rule may only lead to a page the visited site could load.
    web_accessible_resources: firefox
      ? ['own-visit.html']
      : [{ resources: ['own-visit.html'], matches: ['<all_urls>'], use_dynamic_url: true }],
    // Typing `lp` and a word in the address bar finds the account's links in the mirror (no permission needed).
    omnibox: { keyword: 'lp' },
    commands: {
      'shorten-current-tab': {
        suggested_key: { default: 'Alt+Shift+L' },
        description: '__MSG_manifest_shortenCommand__',
      },
      'replace-in-field': {
        suggested_key: { default: 'Alt+Shift+K' },
        description: '__MSG_manifest_replaceCommand__',
      },
    },
    ...(firefox
      ? {
          browser_specific_settings: {
            gecko: {
              id: GECKO_ID,
              strict_min_version: '140.0',
              // The addresses and titles of the pages a person shortens go to the service they connect
              // (PRIVACY.md); nothing goes to us or anyone else.
              data_collection_permissions: { required: ['browsingActivity'] },
            },
            // Firefox for Android knows data_collection_permissions from 142 on.
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  };
}
