import type { Page } from '@playwright/test';
import { messagesOf } from '../unit/i18n/catalogue';
import { expect, test } from './fixtures';
import { openTab } from './support';

// The extension in another browser language, as a person there uses it: connecting in Settings,
// the dashboard, shortening a page in the popup at 400×600. The words are read from the catalogue
// (tests/unit/i18n/catalogue.test.ts checks it is complete); here they must be what is on screen.
// Screenshots go to the test's output folder (test-results/), to look at; they are not references.

/** Nothing wider than the window: a layout that breaks in a language would scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  expect(widths.body).toBeLessThanOrEqual(widths.client);
}

for (const { language, code, dir } of [
  { language: 'de', code: 'de', dir: 'ltr' },
  { language: 'ar', code: 'ar', dir: 'rtl' },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ uiLanguage: language });

    test('connects, shows the dashboard and shortens a page, in its words and direction', async ({
      context,
      server,
      worker,
      extensionUrl,
      web,
    }, testInfo) => {
      const words = await messagesOf(code);
      const english = await messagesOf('en');
      // Proof that the words are this language's, not English under another name.
      expect(words.popup_welcomeTitle).not.toBe(english.popup_welcomeTitle);

      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await dashboard.goto(extensionUrl('dashboard.html#/settings'));
      await expect(dashboard.locator('html')).toHaveAttribute('dir', dir);
      await expect(dashboard.locator('html')).toHaveAttribute('lang', new RegExp(`^${code}`));
      await expect(dashboard.getByRole('heading', { name: words.settingsPage_connectLinkpilotToYour })).toBeVisible();
      await dashboard.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
      await dashboard.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(server.apiKey);
      await dashboard.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
      await expect(dashboard.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
      await expectNoSidewaysScroll(dashboard);
      await dashboard.screenshot({ path: testInfo.outputPath(`dashboard-settings-${language}.png`) });

      await dashboard.goto(extensionUrl('dashboard.html#/links'));
      await expect(dashboard.getByRole('heading', { name: words.dashboard_section_links, exact: true })).toBeVisible();
      // The demo account has three links: the count takes the language's plural form ("few" in Arabic).
      const count = new Intl.PluralRules(code).select(3);
      const three = (words[`links_count_${count}`] ?? words.links_count_other)!.replace('{count}', '');
      await expect(dashboard.getByTestId('links-count')).toContainText(three.trim());
      // The sidebar starts where the language starts: on the right in a right-to-left language.
      const nav = (await dashboard.getByRole('navigation').boundingBox())!;
      const main = (await dashboard.getByRole('main').boundingBox())!;
      expect(dir === 'rtl' ? nav.x > main.x : nav.x < main.x).toBe(true);
      await expectNoSidewaysScroll(dashboard);
      await dashboard.screenshot({ path: testInfo.outputPath(`dashboard-links-${language}.png`) });

      const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await expect(popup.locator('html')).toHaveAttribute('dir', dir);
      await expect(popup.getByRole('heading', { name: words.recent_heading })).toBeVisible();
      await expectNoSidewaysScroll(popup);
      await popup.screenshot({ path: testInfo.outputPath(`popup-unshortened-${language}.png`) });
      await popup.getByRole('button', { name: words.shorten_formLabel, exact: true }).click();
      await expect(popup.getByTestId('short-url')).toBeVisible();
      await expect(popup.getByTestId('copied-note')).toHaveText(words.popup_copied!);
      await expectNoSidewaysScroll(popup);
      await popup.screenshot({ path: testInfo.outputPath(`popup-shortened-${language}.png`) });
    });
  });
}
