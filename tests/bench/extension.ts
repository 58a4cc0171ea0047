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

/**
 * Milliseconds from navigation start until the popup's recent list was first painted (the Element
 * Timing entry of its text, as the browser records the paint itself).
 */
export async function popupReadyMs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('bench: the recent list was never painted')), 30_000);
          new PerformanceObserver((list) => {
            const painted = list
              .getEntries()
              .find((e) => (e as PerformanceEntry & { identifier: string }).identifier === 'linkpilot:recent');
            if (!painted) return;
            clearTimeout(timer);
            resolve((painted as PerformanceEntry & { renderTime: number }).renderTime);
          }).observe({ type: 'element', buffered: true });
        }),
    );
  } finally {
    await page.close();
  }
}
