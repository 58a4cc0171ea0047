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

/** Milliseconds from navigation start until the popup's recent list was first on screen. */
export async function popupReadyMs(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForFunction(() => performance.getEntriesByName('linkpilot:recent-ready').length > 0, undefined, {
      timeout: 30_000,
    });
    return await page.evaluate(() => performance.getEntriesByName('linkpilot:recent-ready')[0]!.startTime);
  } finally {
    await page.close();
  }
}
