import type { Page } from '@playwright/test';

/**
 * Reads one row of the extension's `meta` table from an extension page, as stored: `undefined`
 * when there is no such row. Opens IndexedDB without a version, so it never triggers an upgrade.
 */
export function readMeta(page: Page, key: string): Promise<{ value: unknown } | undefined> {
  return page.evaluate(
    (metaKey) =>
      new Promise<{ value: unknown } | undefined>((resolve, reject) => {
        const open = indexedDB.open('linkpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get(metaKey);
          get.onsuccess = () => {
            resolve(get.result as { value: unknown } | undefined);
            open.result.close();
          };
        };
      }),
    key,
  );
}
