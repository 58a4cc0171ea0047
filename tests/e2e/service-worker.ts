import type { BrowserContext, Page } from '@playwright/test';

/**
 * Stops the extension's service worker the way Chrome does when it idles, and waits until it
 * has stopped. The next extension event (a message, an alarm) starts it again.
 */
export async function stopServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  const stopped = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      if (versions.length > 0 && versions.every((v) => v.runningStatus === 'stopped')) resolve();
    });
  });
  await cdp.send('ServiceWorker.stopAllWorkers');
  await stopped;
  await cdp.detach();
}

/**
 * Wakes the worker with a message from an extension page (its drain starts on every start). The
 * answer comes when the drain ends, which may be minutes away: it is not waited for past 2 s.
 */
export async function wakeServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      chrome.runtime.sendMessage({ type: 'sync.kick' }).catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
}
