import type { Page } from '@playwright/test';
import { messagesOf } from '../unit/i18n/catalogue';
import { expect, test } from './fixtures';
import { inFront } from './front';
import { keepScreenshot } from './keep';
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
    }) => {
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
      // An endpoint pasted instead of the service's address is explained in this language, with the fix.
      await dashboard.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(`${server.url}/api/account`);
      await dashboard.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(server.apiKey);
      await dashboard.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
      const pasted = words.connect_url_apiPath!.replace('{base}', server.url).replace('{rest}', '/api/account');
      await expect(dashboard.getByRole('alert')).toHaveText(pasted);
      await dashboard.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
      await dashboard.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
      await expect(dashboard.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
      await expectNoSidewaysScroll(dashboard);
      await keepScreenshot(dashboard, `dashboard-settings-${language}.png`);

      await dashboard.goto(extensionUrl('dashboard.html#/links'));
      await expect(dashboard.getByRole('heading', { name: words.dashboard_section_links, exact: true })).toBeVisible();
      // The demo account has three links: the count takes the language's plural form ("few" in Arabic).
      const count = new Intl.PluralRules(code).select(3);
      const three = (words[`links_count_${count}`] ?? words.links_count_other)!.replace('{count}', '');
      await expect(dashboard.getByTestId('links-count')).toContainText(three.trim());
      // A long URL without its scheme is refused at its field, in this language.
      await dashboard.getByRole('button', { name: words.linkTablePage_newLink, exact: true }).click();
      const form = dashboard.getByRole('form', { name: words.linkTablePage_newShortLink });
      await form.getByLabel(words.newLink_longUrl!, { exact: true }).fill('example.com/x');
      await form.getByRole('button', { name: words.newLinkForm_createShortLink, exact: true }).click();
      await expect(form.getByText(words.input_url_noScheme!)).toBeInViewport();
      await expect(form.getByLabel(words.newLink_longUrl!, { exact: true })).toBeFocused();
      await keepScreenshot(dashboard, `dashboard-link-refused-${language}.png`);
      await dashboard.keyboard.press('Escape');
      // The sidebar starts where the language starts: on the right in a right-to-left language.
      const nav = (await dashboard.getByRole('navigation').boundingBox())!;
      const main = (await dashboard.getByRole('main').boundingBox())!;
      expect(dir === 'rtl' ? nav.x > main.x : nav.x < main.x).toBe(true);
      await expectNoSidewaysScroll(dashboard);
      await keepScreenshot(dashboard, `dashboard-links-${language}.png`);

      const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await expect(popup.locator('html')).toHaveAttribute('dir', dir);
      await expect(popup.getByRole('heading', { name: words.recent_heading })).toBeVisible();
      await expectNoSidewaysScroll(popup);
      // Once the list says it is ready: "Shorten this page" is there too.
      await expect(popup.locator('[data-testid="recent-links"][data-ready="true"]')).toBeVisible();
      await keepScreenshot(popup, `popup-unshortened-${language}.png`);
      await popup.getByRole('button', { name: words.shorten_formLabel, exact: true }).click();
      await expect(popup.getByTestId('short-url')).toBeVisible();
      await expect(popup.getByTestId('copied-note')).toHaveText(words.popup_copied!);
      await expectNoSidewaysScroll(popup);
      await keepScreenshot(popup, `popup-shortened-${language}.png`);

      // A domain the account already has is refused at its field at once, in this language, with
      // what was typed kept (a refusal that comes later, in Sync: field-errors.spec.ts).
      await inFront(dashboard);
      await dashboard.goto(extensionUrl('dashboard.html#/domains'));
      await dashboard.getByRole('button', { name: words.domainsPage_addDomain, exact: true }).first().click();
      const dialog = dashboard.getByRole('dialog', { name: words.domainsPage_addABrandedDomain });
      const domain = dialog.getByLabel(words.domains_domain!, { exact: true });
      await domain.fill('https://go.linkpilot.test');
      await dialog.getByRole('button', { name: words.domainsPage_addDomain, exact: true }).click();
      await expect(domain).toHaveAccessibleDescription(words.refusal_domainRegistered!);
      await expect(domain).toHaveValue('https://go.linkpilot.test');
      await expectNoSidewaysScroll(dashboard);
      await keepScreenshot(dashboard, `dashboard-domain-refused-${language}.png`);
    });

    test.describe('with two connections', () => {
      test.use({ serverOptions: { apiKeys: ['e2e-first-account-key', 'e2e-second-account-key'] } });

      test('Settings lists the other connection and the popup header holds the switcher', async ({
        context,
        server,
        extensionUrl,
      }) => {
        const words = await messagesOf(code);
        const [keyA, keyB] = server.apiKeys as [string, string];
        const dashboard = await context.newPage();
        await dashboard.setViewportSize({ width: 1280, height: 800 });
        await dashboard.goto(extensionUrl('dashboard.html#/settings'));
        await dashboard.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
        await dashboard.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(keyA);
        await dashboard.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
        await expect(dashboard.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
        const others = dashboard.getByTestId('other-connections');
        await expect(others.getByRole('heading', { name: words.connections_heading })).toBeVisible();
        await others.getByRole('button', { name: words.connections_add }).click();
        await others.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
        await others.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(keyB);
        await others.getByRole('button', { name: words.connectionForm_connect, exact: true }).click();
        // Added beside the first, then switched to from the offer: the first is the other one now.
        await others.getByRole('button', { name: words.connections_switchNow, exact: true }).click();
        const host = new URL(server.url).host;
        const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        const removeLabel = new RegExp(
          `^${words.connections_removeLabel!.split('{label}').map(literally).join('.+')}$`,
        );
        await expect(others.getByRole('button', { name: removeLabel })).toHaveText(words.connections_remove!);
        await expect(dashboard.getByTestId('other-connection')).toContainText('demo@linkpilot.test');
        await expect(dashboard.getByTestId('other-connection')).toContainText(host);
        await expect(dashboard.getByRole('combobox', { name: words.connections_switcher })).toBeVisible();
        await expectNoSidewaysScroll(dashboard);
        await keepScreenshot(dashboard, `dashboard-two-connections-${language}.png`);

        const popup = await context.newPage();
        await popup.setViewportSize({ width: 400, height: 600 });
        await popup.goto(extensionUrl('popup.html'));
        const switcher = popup.getByRole('combobox', { name: words.connections_switcher });
        await expect(switcher).toBeVisible();
        await expect(switcher.locator('option')).toHaveCount(2);
        // The switcher stays inside the header, beside the brand and the buttons.
        const header = (await popup.locator('.popup-header').boundingBox())!;
        const box = (await switcher.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(header.x);
        expect(box.x + box.width).toBeLessThanOrEqual(header.x + header.width);
        expect(box.y + box.height).toBeLessThanOrEqual(header.y + header.height);
        await expectNoSidewaysScroll(popup);
        await keepScreenshot(popup, `popup-two-connections-${language}.png`);
      });
    });
  });
}
