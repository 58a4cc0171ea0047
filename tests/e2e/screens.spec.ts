import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { DASHBOARD_SECTIONS } from './sections';
import { connectFromSettings, openTab } from './support';

// Reference images of every screen, compared on each run (playwright.config.ts sets the tolerance).
// What changes from run to run is masked: the port of the local service in short URLs, dates and times
// of records made "now", and the random parts of the demo data.
const VOLATILE = [
  '.short-url',
  // The addresses, which carry the test server's port; a state badge beside them stays in the picture.
  '.recent-short bdi',
  '.link-sub bdi',
  '.page-identity .muted',
  '.link-table td:nth-child(5)',
  '[data-testid="trend-before"]',
  '[data-testid="gain-column"]',
  '.trend-svg',
  '[data-testid="stats-updated"]',
  '[data-testid="campaign-rotator"]',
  '[data-testid="campaign-list"]',
  '[data-testid="connected-service"]',
  '[data-testid="account-expires"]',
  '[data-testid="account-registered"]',
  '[data-testid="qr-date"]',
  '.catalog-table:not(.pixels-table) td:last-child',
  '.account-summary .muted',
  '[data-testid="link-created"]',
  '[data-testid="qr-image"]',
];
const masks = (page: Page): Locator[] => VOLATILE.map((s) => page.locator(s));

test('the popup at 400×600: a page to shorten, a shortened page, offline', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectFromSettings(await context.newPage(), extensionUrl, server);
  const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await popup.openFor(tabId);
  await popup.expectReady();
  await expect(popup.recentLinks()).toHaveCount(3);
  await expect(popup.page.getByTestId('shortcut-hint')).toBeVisible();
  await expect(popup.page).toHaveScreenshot('popup-unshortened.png', { mask: masks(popup.page) });

  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expect(popup.page.getByTestId('copied-note')).toBeVisible();
  await expect(popup.recentLinks()).toHaveCount(4);
  await expect(popup.page).toHaveScreenshot('popup-shortened.png', { mask: masks(popup.page) });

  await server.close();
  const other = await openTab(context, worker, web.url('/read-on-the-train'));
  await popup.openFor(other.tabId);
  await popup.shortenButton().click();
  await expect(popup.page.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
  await expect(popup.page.getByTestId('pending-note')).toBeVisible();
  await expect(popup.page).toHaveScreenshot('popup-offline.png', { mask: masks(popup.page) });
});

test('each dashboard section', async ({ context, server, extensionUrl }) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectFromSettings(page, extensionUrl, server);
  await expect(page.getByTestId('mirror-progress')).toHaveCount(0, { timeout: 20_000 });
  for (const [section, shown] of Object.entries(DASHBOARD_SECTIONS)) {
    await page.goto(extensionUrl(`dashboard.html#/${section}`));
    await expect(shown(page)).toBeVisible();
    await expect(page).toHaveScreenshot(`dashboard-${section}.png`, { mask: masks(page) });
  }
  // Details beside the table.
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByTestId('link-row').filter({ hasText: 'Example Domain' }).click();
  await expect(page.getByTestId('link-detail').getByTestId('clicks')).toBeVisible();
  await expect(page).toHaveScreenshot('dashboard-link-detail.png', { mask: masks(page) });
});
