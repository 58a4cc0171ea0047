import { describe, expect, it } from 'vitest';
import { extensionManifest } from '../../../store/manifest';
import { PERMISSION_JUSTIFICATIONS } from '../../../store/permissions';
import { permissionsOf, unjustifiedPermissions } from '../../../store/rules/permissions';

const targets = [
  { browser: 'chrome', localService: false },
  { browser: 'chrome', localService: true },
  { browser: 'firefox', localService: false },
  { browser: 'firefox', localService: true },
] as const;
const manifests = targets.map((target) => extensionManifest(target));

describe('every permission of both manifests is justified in store/permissions.ts', () => {
  it('holds for the Chrome and Firefox manifests, store and test builds', () => {
    expect(unjustifiedPermissions(manifests, PERMISSION_JUSTIFICATIONS)).toEqual([]);
  });

  it('keeps no justification for a permission neither manifest asks for', () => {
    const asked = new Set(manifests.flatMap(permissionsOf));
    expect(Object.keys(PERMISSION_JUSTIFICATIONS).filter((p) => !asked.has(p))).toEqual([]);
  });

  it('fails on a permission without a justification, or with an empty one', () => {
    const withBookmarks = { ...manifests[0], permissions: [...(manifests[0]!.permissions ?? []), 'bookmarks'] };
    expect(unjustifiedPermissions([withBookmarks], PERMISSION_JUSTIFICATIONS)).toEqual(['bookmarks']);
    const withHost = { optional_host_permissions: ['https://example.com/*'] };
    expect(unjustifiedPermissions([withHost], { 'https://example.com/*': '  ' })).toEqual(['https://example.com/*']);
  });
});

describe('the manifests as the stores get them', () => {
  it('asks for no host up front in a store build; test builds grant the local server', () => {
    for (const browser of ['chrome', 'firefox'] as const) {
      const store = extensionManifest({ browser, localService: false });
      expect(store.host_permissions).toBeUndefined();
      expect(permissionsOf(store)).not.toContain('<all_urls>');
      expect(extensionManifest({ browser, localService: true }).host_permissions).toEqual(['http://127.0.0.1/*']);
    }
  });

  it('declares Firefox data collection and an add-on id of our own', () => {
    const gecko = extensionManifest({ browser: 'firefox', localService: false }).browser_specific_settings?.gecko as
      | Record<string, unknown>
      | undefined;
    expect(gecko?.id).toMatch(/^\{[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\}$/);
    expect(gecko?.data_collection_permissions).toEqual({ required: ['browsingActivity'] });
  });
});
