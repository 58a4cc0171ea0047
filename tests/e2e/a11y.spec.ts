import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { connectExtension, openTab } from './support';

const SECTIONS = ['links', 'channels', 'campaigns', 'qr', 'domains', 'catalog', 'account', 'sync', 'settings'];

for (const theme of ['light', 'dark'] as const) {
  test(`the popup and every dashboard section pass an axe check in the ${theme} theme`, async ({
    context,
    server,
    worker,
    extensionUrl,
  }) => {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    await page.evaluate((value) => chrome.storage.local.set({ theme: value }), theme);
    for (const section of SECTIONS) {
      await page.goto(extensionUrl(`dashboard.html#/${section}`));
      await expectTheme(page, theme);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectAccessible(page);
    }
    // A dialog and the details beside the links table.
    await page.goto(extensionUrl('dashboard.html#/links'));
    await page.getByTestId('link-row').first().click();
    await expect(page.getByTestId('link-detail')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'New link' }).click();
    await expect(page.getByRole('dialog', { name: 'New short link' })).toBeVisible();
    await expectAccessible(page);

    const { tabId } = await openTab(context, worker, `${server.url}/campaign/1`);
    const popup = await context.newPage();
    await popup.goto(extensionUrl(`popup.html?tab=${tabId}`));
    await expectTheme(popup, theme);
    await expect(popup.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
    await popup.getByRole('button', { name: 'More options' }).click();
    for (const group of ['Targeting', 'Protection', 'Preview and note']) await popup.getByText(group).click();
    await expectAccessible(popup);
  });
}

async function expectTheme(page: Page, theme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
}
