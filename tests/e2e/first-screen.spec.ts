import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { connectExtension } from './support';

/**
 * When the popup first painted anything, and when its live list was painted (its Element Timing entry).
 * The picture's own elements report no such entry: they are parsed in a document of their own.
 */
function paints(page: Page) {
  return page.evaluate(
    () =>
      new Promise<{ first: number; live: number }>((resolve) => {
        new PerformanceObserver((list) => {
          const live = (list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]).find(
            (e) => e.identifier === 'linkpilot:recent',
          );
          const first = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
          if (live && first !== undefined) resolve({ first, live: live.renderTime });
        }).observe({ type: 'element', buffered: true });
      }),
  );
}

test('the popup opens on the picture of its last first screen, which the live list then replaces; none once disconnected', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup, tabId } = await popupFor(web.url('/kept-for-later'));
  await popup.shortenButton().click();
  await expect(popup.recentLinks().filter({ hasText: 'kept-for-later' })).toHaveCount(1);
  await popup.page.close();

  // The picture kept as the popup closed: its list, without a search, nothing a test or a click could use.
  const reopened = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await reopened.openFor(tabId);
  const kept = await reopened.page.evaluate(() => localStorage.getItem('linkpilot:first-screen'));
  const picture = JSON.parse(kept!) as { html: string; lang: string };
  expect(picture.html).toContain('kept-for-later');
  expect(picture.html).toMatch(/^<div inert>/);
  expect(picture.html).not.toContain('data-testid');
  expect(picture.lang).toBe('en-US');

  // Painted before the live list (whose modules start only after that paint), which then stands alone.
  const painted = await paints(reopened.page);
  expect(painted.first).toBeLessThan(painted.live);
  await reopened.expectReady();
  await expect(reopened.page.locator('#root [inert]')).toHaveCount(0);
  await expect(reopened.recentLinks().filter({ hasText: 'kept-for-later' })).toHaveCount(1);
  await reopened.page.close();

  // Disconnected, the next popup has no list, and no picture of one.
  const settings = await context.newPage();
  await settings.goto(extensionUrl('dashboard.html#/settings'));
  await settings.getByRole('button', { name: 'Disconnect' }).click();
  await settings.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(settings.getByRole('heading', { name: 'Connect Linkpilot to your link service' })).toBeVisible();
  const empty = await context.newPage();
  await empty.goto(extensionUrl('popup.html'));
  await expect(empty.getByRole('button', { name: 'Connect in Settings' })).toBeVisible();
  expect(await empty.evaluate(() => localStorage.getItem('linkpilot:first-screen'))).toBeNull();
});
