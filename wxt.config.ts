import { defineConfig, type UserManifest } from 'wxt';
import { builtAlone, firstPaintFirst } from './components/ui/first-paint-html';
import { withIconSprite } from './components/ui/icon-sprite';
import { withoutCodeFromStrings } from './store/build-patches';
import { extensionManifest, grantsLocalService } from './store/manifest';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/i18n/module'],
  webExt: { disabled: true },
  hooks: { 'entrypoints:grouped': builtAlone('popup') },
  // Separate builds can live side by side (e.g. parallel test runs): LINKPILOT_OUT_DIR=.output-b
  outDir: process.env.LINKPILOT_OUT_DIR ?? '.output',
  vite: () => ({
    plugins: [
      withoutCodeFromStrings(),
      withIconSprite(),
      firstPaintFirst({ page: 'popup/index.html', boot: '/popup-boot.js', entry: '/chunks/popup.js' }),
    ],
    // Vite's minifier keeps non-ASCII text as it is; one character past Latin-1 in a script makes
    // the browser decode it into, and V8 keep it as, two bytes a character. Escaped, the popup's
    // 281 kB entry is one byte a character, and its live list came 5-10 ms sooner (two builds side
    // by side, 48 openings each: 1.92 against 2.0-2.09 of the blank page). Regular expressions are
    // kept as written, so theirs are \u escapes (tests/store/package.test.ts holds every script to it).
    esbuild: { charset: 'ascii' },
    build: {
      // A dynamic import does not add <link rel="modulepreload"> tags for its chunk's imports: the
      // popup's first render starts its lazy parts, and appending those tags then took half of that
      // render. The files are local, so the chunk fetching its own imports costs next to nothing.
      modulePreload: {
        resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
          hostType === 'html' ? deps : [],
      },
      rollupOptions: { output: { experimentalMinChunkSize: 40_000 } },
    },
  }),
  // Cast: Firefox's MV2 optional_permissions take origins, and data_collection_permissions is newer
  // than WXT's types, which know only Chrome's permission names.
  manifest: ({ browser }) =>
    extensionManifest({
      browser: browser === 'firefox' ? 'firefox' : 'chrome',
      localService: grantsLocalService(process.env),
    }) as UserManifest,
});
