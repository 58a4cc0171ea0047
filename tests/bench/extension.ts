import type { BrowserContext, Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { launchWithExtension } from '../e2e/browser';
import { readMeta } from '../e2e/meta';

/** The built extension in Chromium, connected to `server`, with its first mirror complete. */
export async function connectedExtension(server: RunningServer, mirrorTimeoutMs = 300_000) {
  const launched = await launchWithExtension();
  const page = await launched.context.newPage();
  await page.goto(`chrome-extension://${launched.extensionId}/dashboard.html#/settings`);
  await page.getByLabel('Service URL').fill(server.url);
  await page.getByLabel('API key').fill(server.apiKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByTestId('account-email').waitFor();
  await waitForMirror(page, mirrorTimeoutMs);
  return { ...launched, page };
}

/** Waits until the pull is complete (no pull cursor left in IndexedDB). */
export async function waitForMirror(page: Page, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const cursor = await readMeta(page, 'pull:cursor');
    const done = cursor !== undefined && cursor.value === null;
    if (done) return;
    await page.waitForTimeout(250);
  }
  throw new Error('bench: the first mirror did not finish in time');
}

/** The size Chromium gives the popup (its largest is 800×600): what is in view is what is painted first. */
export const POPUP_VIEWPORT = { width: 400, height: 600 };

/** A new page of the popup's size, for the popup and for any page it is compared with. */
export async function popupSizedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(POPUP_VIEWPORT);
  return page;
}

/**
 * Milliseconds from navigation start until the popup's recent list was painted (the Element Timing
 * entries of its text, as the browser records the paint itself): `first`, whichever came first, the
 * picture of the last first screen or the live list; `live`, the live list, which can be used.
 * `first` is also bounded by the first contentful paint: the picture's elements report no Element
 * Timing entry (parsed in a document of their own, then moved in), and every first paint of the popup
 * holds its list (the picture's header and list, or React's first screen).
 */
export async function popupPaintsMs(context: BrowserContext, url: string): Promise<{ first: number; live: number }> {
  const page = await popupSizedPage(context);
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<{ first: number; live: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('bench: the recent list was never painted')), 30_000);
          let first = Number.POSITIVE_INFINITY;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              identifier: string;
              renderTime: number;
            })[]) {
              if (entry.identifier.startsWith('linkpilot:recent')) first = Math.min(first, entry.renderTime);
              if (entry.identifier !== 'linkpilot:recent') continue;
              clearTimeout(timer);
              const contentful = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
              resolve({ first: Math.min(first, contentful ?? first), live: entry.renderTime });
            }
          }).observe({ type: 'element', buffered: true });
        }),
    );
  } finally {
    await page.close();
  }
}
