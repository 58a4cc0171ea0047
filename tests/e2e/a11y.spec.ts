import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { connectExtension, openTab } from './support';

const SECTIONS = ['links', 'channels', 'campaigns', 'qr', 'domains', 'catalog', 'account', 'sync', 'settings'];

/**
 * What a theme can change is colour: each screen gets every rule in the light theme, then, switched to
 * the dark theme in place, the colour rules again (the structure, names and roles are the same screen's).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function expectAccessibleInBothThemes(page: Page) {
  await setTheme(page, 'light');
  await expectAccessible(page);
  await setTheme(page, 'dark');
  await expectAccessible(page, COLOUR_RULES);
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => chrome.storage.local.set({ theme: value }), theme);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // Buttons ease into their new colours (0.12 s): the check reads them once they are there. Their state
  // is looked at, not awaited: Chromium left the `finished` promise of a transition in the popup
  // unsettled, though every transition's state said it had finished.
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          // Transitions only: a spinner turns for as long as it is shown.
          document
            .getAnimations()
            .filter((animation) => animation instanceof CSSTransition && animation.playState !== 'finished').length,
      ),
    )
    .toBe(0);
}

test('the popup and every dashboard section pass an axe check, in the light theme and the dark', async ({
  context,
  server,
  worker,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  for (const section of SECTIONS) {
    await page.goto(extensionUrl(`dashboard.html#/${section}`));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessibleInBothThemes(page);
  }
  // A dialog and the details beside the links table.
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByTestId('link-row').first().click();
  await expect(page.getByTestId('link-detail')).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole('button', { name: 'New link' }).click();
  await expect(page.getByRole('dialog', { name: 'New short link' })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  const { tabId } = await openTab(context, worker, `${server.url}/campaign/1`);
  const popup = await context.newPage();
  await popup.goto(extensionUrl(`popup.html?tab=${tabId}`));
  await expect(popup.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
  await popup.getByRole('button', { name: 'More options' }).click();
  for (const group of ['Targeting', 'Protection', 'Preview and note']) await popup.getByText(group).click();
  await expectAccessibleInBothThemes(popup);
});
