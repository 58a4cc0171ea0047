import { defineConfig, type UserManifest } from 'wxt';
import { withIconSprite } from './components/ui/icon-sprite';
import { withoutCodeFromStrings } from './store/build-patches';
import { extensionManifest, grantsLocalService } from './store/manifest';

export default defineConfig({
  modules: ['@wxt-dev/module-react', '@wxt-dev/i18n/module'],
  webExt: { disabled: true },
  // Separate builds can live side by side (e.g. parallel test runs): LINKPILOT_OUT_DIR=.output-b
  outDir: process.env.LINKPILOT_OUT_DIR ?? '.output',
  vite: () => ({ plugins: [withoutCodeFromStrings(), withIconSprite()] }),
  // Cast: Firefox's MV2 optional_permissions take origins, and data_collection_permissions is newer
  // than WXT's types, which know only Chrome's permission names.
  manifest: ({ browser }) =>
    extensionManifest({
      browser: browser === 'firefox' ? 'firefox' : 'chrome',
      localService: grantsLocalService(process.env),
    }) as UserManifest,
});
