import type { Locator, Page } from '@playwright/test';
import { messagesOf } from '../unit/i18n/catalogue';
import { expect, test } from './fixtures';
import { inFront } from './front';
import { keepScreenshot } from './keep';
import { dialogActionProblems, layoutProblems } from './layout';
import { DASHBOARD_SECTIONS as SECTIONS } from './sections';
import { connectIn, linkRowTo, openOptionGroups, openTab } from './support';

// Every dashboard section and the popup, in a language that is long (German) and one that runs
// right to left (Arabic) beside English, at the widths people use: no cut words, no sideways scroll,
// addresses that read left to right (tests/e2e/layout.ts says how each is found). One browser per
// language; the demo account's data, plus a link the service has not taken yet.

const WIDTHS = [1280, 1024];

/** The windows a dialog's primary action must stay in view in: a laptop's, and a small one's. */
const WINDOWS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 768 },
];

type Words = Record<string, string | undefined>;

/**
 * Every create and edit dialog the dashboard has, by its section and how a person opens it: the
 * button's words, after opening the item it edits where it has one. (The demo's QR code cannot be
 * re-pointed, its service lacking the edit route: that dialog is not reached here.)
 */
const DIALOGS: { name: string; section: string; open: (page: Page, words: Words) => Promise<void> }[] = [
  { name: 'new-link', section: 'links', open: (p, w) => button(p, w.linkTablePage_newLink) },
  { name: 'shorten-many', section: 'links', open: (p, w) => button(p, w.linkTablePage_shortenMany) },
  {
    name: 'edit-link',
    section: 'links',
    open: async (p, w) => {
      await linkRowTo(p, 'example.com').click();
      await button(p.getByTestId('link-detail'), w.linkDetailPanel_edit);
    },
  },
  { name: 'new-qr', section: 'qr', open: (p, w) => button(p, w.qrCodeForm_newQrCode) },
  {
    name: 'edit-qr',
    section: 'qr',
    open: async (p, w) => {
      await p.locator('.qr-name-button').first().click();
      await button(p.getByTestId('qr-detail'), w.qrEdit_edit);
    },
  },
  { name: 'new-channel', section: 'channels', open: (p, w) => button(p, w.channelsPage_newChannel) },
  { name: 'edit-channel', section: 'channels', open: (p, w) => labelled(p, w.campaignSummary_edit) },
  { name: 'new-campaign', section: 'campaigns', open: (p, w) => button(p, w.campaignForm_newCampaign) },
  { name: 'edit-campaign', section: 'campaigns', open: (p, w) => labelled(p, w.campaignSummary_edit) },
  { name: 'add-domain', section: 'domains', open: (p, w) => button(p, w.domainsPage_addDomain) },
  { name: 'edit-domain', section: 'domains', open: (p, w) => labelled(p, w.campaignSummary_edit) },
  { name: 'new-pixel', section: 'pixels', open: (p, w) => button(p, w.pixelsPage_new) },
  { name: 'edit-pixel', section: 'pixels', open: (p, w) => labelled(p, w.pixelsPage_edit) },
];

const button = (scope: Page | Locator, name: string | undefined) =>
  scope.getByRole('button', { name, exact: true }).first().click();
/** An item's own button, named for the item ("Edit Spring sale"), found by the words it shows. */
const labelled = (page: Page, words: string | undefined) =>
  page.locator('main button').filter({ hasText: words }).first().click();

/**
 * Closes a dialog with Escape, as a person does, until it is gone: the browser's list of suggestions
 * open under a field takes the first Escape for itself (and a dialog left open blocks the next screen).
 * Gone from the page, not only hidden: the app removes a dialog once it has closed, so one still there
 * was closed by the browser without the page knowing, and would open again on the next visit.
 */
async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.locator('dialog')).toHaveCount(0);
}

for (const language of ['en', 'de', 'ar']) {
  test.describe(`in ${language}`, () => {
    test.use({ uiLanguage: language });

    test('no cut words, no sideways scroll, addresses left to right', async ({
      context,
      server,
      worker,
      extensionUrl,
      web,
    }) => {
      test.setTimeout(240_000);
      const words = await messagesOf(language);
      const found: string[] = [];
      const shortHost = server.url.replace(/^https?:\/\//, '');
      const look = async (page: Page, screen: string) => {
        for (const problem of await layoutProblems(page, { shortHost })) found.push(`${screen}: ${problem}`);
        await keepScreenshot(page, `${screen}.png`);
      };

      // Names that do not fit where they are shown: a long alias under a long English title, a title
      // that is an address, a QR code's long name.
      const add = (path: string, body: object) =>
        fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
      await add('/api/url/add', {
        url: 'https://www.example.org/blog/2026/03/a-long-article-about-link-shortening-in-practice',
        custom: 'acme-spring-sale-2026',
        metatitle: 'The complete guide to short links for small shops and their newsletters',
      });
      await add('/api/url/add', { url: web.url('/linked-article'), metatitle: '127.0.0.1/linked-article' });
      await add('/api/qr/add', {
        type: 'link',
        data: 'https://shop.example.com/stores/berlin',
        name: 'Berlin flagship store — spring window display 2026',
      });

      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);
      await dashboard.goto(extensionUrl('dashboard.html#/links'));
      await expect(dashboard.getByTestId('link-row')).toHaveCount(5, { timeout: 20_000 });

      // A link the service has not answered for yet: its label stands where its short URL will be.
      const { tabId } = await openTab(context, worker, web.url('/a-page-worth-sharing'));
      server.setFaults({ error500: 1 });
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await expect(popup.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
      // The page's form loads after the first screen is painted: the look is at the popup as it settles.
      await expect(popup.locator('form button[type="submit"]')).toBeVisible();
      await look(popup, 'popup-unshortened');
      await popup.getByRole('button', { name: words.shorten_formLabel, exact: true }).click();
      await expect(popup.getByTestId('pending-note')).toBeVisible({ timeout: 20_000 });
      await look(popup, 'popup-pending');

      await inFront(dashboard);
      for (const width of WIDTHS) {
        await dashboard.setViewportSize({ width, height: 800 });
        for (const [section, shown] of Object.entries(SECTIONS)) {
          await dashboard.goto(extensionUrl(`dashboard.html#/${section}`));
          await expect(shown(dashboard)).toBeVisible();
          await look(dashboard, `${section}-${width}`);
        }
        await dashboard.goto(extensionUrl('dashboard.html#/links'));
        // The link not taken yet says so once, first on its second line, where it has the column's width.
        const pending = dashboard.getByTestId('link-row').filter({ has: dashboard.getByTestId('sync-state') });
        await expect(pending).toHaveCount(1);
        await expect(pending.getByText(words.sync_state_queued!, { exact: true })).toHaveCount(1);
        await expect(pending.locator('.link-sub').getByTestId('sync-state')).toHaveCount(1);
        // Every link ticked: the selection bar with its actions beside the count.
        await dashboard.getByTestId('pick-all').click();
        await expect(dashboard.getByTestId('pick-all')).toBeChecked();
        await expect(dashboard.getByTestId('selection-bar')).toBeVisible();
        await look(dashboard, `links-selected-${width}`);
        await dashboard.getByTestId('selection-clear').click();
        await dashboard.getByTestId('link-row').filter({ hasText: 'Example Domain' }).click();
        await expect(dashboard.getByTestId('link-detail').getByTestId('clicks')).toBeVisible();
        await look(dashboard, `link-detail-${width}`);
        // The details of the link with the long alias: beside them the table is at its narrowest.
        await dashboard.getByTestId('link-row').filter({ hasText: 'acme-spring-sale-2026' }).click();
        await expect(dashboard.getByTestId('detail-short-url')).toContainText('acme-spring-sale-2026');
        await look(dashboard, `link-detail-alias-${width}`);
        await dashboard.getByRole('button', { name: words.linkTablePage_newLink, exact: true }).click();
        await expect(dashboard.getByRole('dialog')).toBeVisible();
        await look(dashboard, `new-link-${width}`);
        // The targeting pickers, a row of each, the country chosen by its name in this language.
        const form = dashboard.getByRole('dialog');
        await openOptionGroups(form);
        for (const add of [words.target_country_add, words.target_device_add, words.target_language_add])
          await form.getByRole('button', { name: add, exact: true }).click();
        const country = new Intl.DisplayNames([language], { type: 'region' }).of('DE')!;
        await form.getByTestId('target-choice').first().fill(country);
        await form.getByTestId('target-choice').first().scrollIntoViewIfNeeded();
        await look(dashboard, `targeting-${width}`);
        await closeWithEscape(dashboard, form);

        // A new QR code with its preview drawn.
        await dashboard.goto(extensionUrl('dashboard.html#/qr'));
        await dashboard.getByRole('button', { name: words.qrCodeForm_newQrCode, exact: true }).click();
        const dialog = dashboard.getByRole('dialog');
        await dialog.locator('input[type="url"]').first().fill('https://example.com/a-page-to-print');
        await expect(dialog.getByTestId('qr-image')).toBeVisible();
        await look(dashboard, `new-qr-${width}`);
        await closeWithEscape(dashboard, dialog);
        // The demo's QR code's details, its scans' history in.
        await dashboard.locator('.qr-name-button').first().click();
        await expect(dashboard.getByTestId('qr-detail').getByTestId('trend-chart')).toBeVisible();
        await look(dashboard, `qr-detail-${width}`);
      }
      server.setFaults(null);

      expect(found).toEqual([]);
    });

    test('the links toolbar keeps its filters together on one line with Trending chosen', async ({
      context,
      server,
      extensionUrl,
    }) => {
      const words = await messagesOf(language);
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 800 });
      await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
      await page.goto(extensionUrl('dashboard.html#/links'));
      await expect(page.getByTestId('link-row')).toHaveCount(3, { timeout: 20_000 });
      const toolbar = page.getByRole('search', { name: words.linkTablePage_filterLinks });
      await toolbar.getByRole('combobox', { name: words.linkTablePage_sortBy, exact: true }).selectOption('trending');
      // Each control's line. The filters (channel, campaign, domain, visibility) read as one group: on
      // the search's line where they fit, else all of them on the next, never one left over alone.
      const lines = await toolbar.locator('input, select').evaluateAll((controls) =>
        controls.map((c) => {
          const { top, height } = c.getBoundingClientRect();
          return { control: c.getAttribute('aria-label'), middle: Math.round(top + height / 2) };
        }),
      );
      expect(lines.length).toBe(6);
      const filters = lines.slice(2);
      const line = filters[0]!.middle;
      expect(filters.filter((l) => Math.abs(l.middle - line) > 2)).toEqual([]);
    });

    test('every dialog keeps its primary action in view', async ({ context, server, extensionUrl }) => {
      test.setTimeout(180_000);
      const words = await messagesOf(language);
      const found: string[] = [];
      const page = await context.newPage();
      await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
      for (const { name, section, open } of DIALOGS) {
        await page.setViewportSize(WINDOWS[0]!);
        await page.goto(extensionUrl(`dashboard.html#/${section}`));
        await expect(SECTIONS[section]!(page)).toBeVisible({ timeout: 20_000 });
        await open(page, words);
        const dialog = page.locator('dialog[open]');
        await expect(dialog).toBeVisible();
        // Opened once and read at each window size: a window made smaller is what a person does too.
        for (const size of WINDOWS) {
          await page.setViewportSize(size);
          for (const problem of await dialogActionProblems(page)) found.push(`${name}-${size.width}: ${problem}`);
          await keepScreenshot(page, `${name}-${size.width}x${size.height}.png`);
        }
        await closeWithEscape(page, dialog);
      }
      expect(found).toEqual([]);
    });
  });
}
