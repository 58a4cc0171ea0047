import type { Page } from '@playwright/test';
import { expect } from './fixtures';

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

/** Waits until the first copy of the account is complete (its cursor cleared), so only what a test does next is in flight. */
export async function expectFirstCopyDone(page: Page): Promise<void> {
  await expect.poll(async () => (await readMeta(page, 'pull:cursor'))?.value, { timeout: 30_000 }).toBeNull();
}
