import type { BrowserContext, Page } from '@playwright/test';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { inFront } from './front';
import { keepScreenshot } from './keep';
import { layoutProblems } from './layout';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, connectIn, openTab, serverList } from './support';

// "Already shortened?": a page is recognised without its tracking parameters, several links of a
// page are said and another is one click away, bulk lists and Shorten all tabs reuse links.
// Screenshots go to the test's output folder (test-results/), to look at; they are not references.

type ServerLink = { longurl: string; shorturl: string; title: string };
const shown = (shorturl: string) => shorturl.replace(/^https?:\/\//, '');

/** Creates a link in the dashboard's New link form, in the given catalogue's words. */
async function newLink(page: Page, extensionUrl: (p: string) => string, words: Record<string, string>, url: string) {
  await page.goto(extensionUrl('dashboard.html#/links'));
  await inFront(page);
  await page.getByRole('button', { name: words.linkTablePage_newLink, exact: true }).first().click();
  const form = page.getByRole('form', { name: words.linkTablePage_newShortLink });
  await form.getByLabel(words.newLink_longUrl!, { exact: true }).fill(url);
  return form;
}

async function popupAt(context: BrowserContext, extensionUrl: (p: string) => string, tabId: number) {
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await popup.openFor(tabId);
  return popup;
}

async function closeBlankTabs(context: BrowserContext) {
  for (const blank of context.pages().filter((p) => p.url() === 'about:blank')) await blank.close();
}

async function linksOf(server: Parameters<typeof serverList>[0], prefix: string) {
  return (await serverList<ServerLink>(server, '/api/urls', 'urls')).filter((l) => l.longurl.startsWith(prefix));
}

test('a page shortened with UTM values is recognised again; a second link is said, the best first, with Make another', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
  popupFor,
}) => {
  const words = await messagesOf('en');
  const dashboard = await context.newPage();
  await connectExtension(dashboard, extensionUrl, server);
  const pageUrl = web.url('/shared-post');
  const { popup, tabId } = await popupFor(pageUrl);
  await popup.page.getByRole('button', { name: 'More options' }).click();
  await popup.page.getByText('Campaign tracking (UTM)').click();
  await popup.page.getByTestId('utm').getByLabel('UTM source').fill('newsletter');
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);
  const [tagged] = await linksOf(server, pageUrl);
  expect(tagged?.longurl).toBe(`${pageUrl}?utm_source=newsletter`);

  // Opened again on the page without the parameters: its link, not "Shorten this page".
  await popup.openFor(tabId);
  await expect(popup.shortUrl()).toHaveText(shown(tagged!.shorturl));
  await expect(popup.shortenButton()).toHaveCount(0);
  await expect(popup.page.getByTestId('same-page')).toHaveCount(0);

  // New link says so, without standing in the way.
  const form = await newLink(dashboard, extensionUrl, words, `${pageUrl}?fbclid=IwAR0`);
  await expect(form.getByTestId('existing-link-hint')).toHaveText(
    `You already have a link to this page: ${shown(tagged!.shorturl)}`,
  );
  await form.getByLabel('Long URL', { exact: true }).fill(pageUrl);
  await expect(form.getByTestId('existing-link-hint')).toBeVisible();
  await form.getByRole('button', { name: 'Create short link' }).click();
  await expect(dashboard.getByTestId('new-link-dialog')).toHaveCount(0);
  await expectOutboxDrained(worker);
  const plain = (await linksOf(server, pageUrl)).find((l) => l.longurl === pageUrl)!;

  // Two links: said, the page's exact address first, the other listed.
  await popup.openFor(tabId);
  await expect(popup.page.getByTestId('same-page-count')).toHaveText('You have 2 links to this page');
  await expect(popup.shortUrl()).toHaveText(shown(plain.shorturl));
  await expect(popup.page.getByTestId('same-page')).toContainText(shown(tagged!.shorturl));
  await expect(popup.page.getByRole('button', { name: 'Make another' })).toBeInViewport();
  await keepScreenshot(popup.page, 'popup-two-links-en.png');

  // Make another: the Shorten form although the page has links, and the new link after it.
  await popup.page.getByRole('button', { name: 'Make another' }).click();
  await expect(popup.shortUrl()).toHaveCount(0);
  await keepScreenshot(popup.page, 'popup-make-another-en.png');
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);
  expect(await linksOf(server, pageUrl)).toHaveLength(3);
  await popup.openFor(tabId);
  await expect(popup.page.getByTestId('same-page-count')).toHaveText('You have 3 links to this page');
});

test('Shorten all tabs asks first with the tabs it takes and why others are left out, keeps titles, reuses links', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  await closeBlankTabs(context);
  // One page is shortened already, with UTM values.
  const known = web.url('/known-page');
  const first = await openTab(context, worker, `${known}?utm_source=mail`);
  const popup = await popupAt(context, extensionUrl, first.tabId);
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);
  const [existing] = await linksOf(server, known);

  await first.page.goto(known);
  await openTab(context, worker, web.url('/tab-one'));
  await openTab(context, worker, web.url('/tab-two'));
  await openTab(context, worker, web.url('/tab-two?fbclid=1'));
  await popup.openFor(first.tabId);
  await popup.page.getByRole('button', { name: 'Shorten all tabs in this window' }).click();

  const dialog = popup.page.getByRole('dialog', { name: 'Shorten all tabs in this window?' });
  await expect(dialog.getByTestId('all-tabs-take')).toContainText('2 tabs will be shortened, each with its title:');
  await expect(dialog.getByTestId('all-tabs-take')).toContainText('Article tab-one');
  await expect(dialog.getByTestId('all-tabs-take')).toContainText('Article tab-two');
  const reuse = dialog.getByTestId('all-tabs-reuse');
  await expect(reuse).toContainText('1 tab is already shortened: its link is used');
  await expect(reuse).toContainText('Article known-page');
  await expect(reuse).toContainText(shown(existing!.shorturl));
  const skip = dialog.getByTestId('all-tabs-skip');
  // (A browser page, whose address needs the tabs permission, is left out too: tests/unit/bulk/tabs.test.ts.)
  await expect(skip).toContainText('The same page as another tab.');
  await expect(skip).toContainText('A page of Linkpilot itself.');
  await expect(dialog.getByRole('button', { name: 'Shorten 2 tabs' })).toBeInViewport();
  await keepScreenshot(popup.page, 'popup-all-tabs-confirm-en.png');
  // Nothing is made before the person agrees.
  expect(await linksOf(server, web.url('/tab-'))).toHaveLength(0);

  await dialog.getByRole('button', { name: 'Shorten 2 tabs' }).click();
  const results = popup.page.getByTestId('all-tabs');
  // Two made, one used: the used one is not counted as shortened too.
  await expect(results).toContainText('Done: 2 links shortened.', { timeout: 20_000 });
  await expect(results).toContainText('1 existing link was used.');
  await expect(results.getByTestId('bulk-made-link')).toHaveCount(3);
  expect(await layoutProblems(popup.page, { shortHost: server.url.replace('http://', '') })).toEqual([]);
  await expect(results.getByRole('status').first()).toBeInViewport();
  await keepScreenshot(popup.page, 'popup-all-tabs-done-en.png');
  await expectOutboxDrained(worker);

  const made = await linksOf(server, web.url('/tab-'));
  expect(made.map((l) => [l.longurl, l.title]).sort()).toEqual([
    [web.url('/tab-one'), 'Article tab-one'],
    [web.url('/tab-two'), 'Article tab-two'],
  ]);
  expect(await linksOf(server, known)).toHaveLength(1);
});

test('Shorten many lists lines already shortened and uses their links unless asked to shorten again', async ({
  context,
  server,
  worker,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const words = await messagesOf('en');
  const form = await newLink(page, extensionUrl, words, 'https://example.com/bulk-known');
  await form.getByRole('button', { name: 'Create short link' }).click();
  // On the service first: an empty outbox alone can be read before the dialog has queued the create.
  await expect.poll(async () => (await linksOf(server, 'https://example.com/bulk-known')).length).toBe(1);
  await expectOutboxDrained(worker);
  const [known] = await linksOf(server, 'https://example.com/bulk-known');

  await page.getByRole('button', { name: 'Shorten many' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shorten many links' });
  await dialog
    .getByLabel('URLs, one per line')
    .fill(['https://example.com/bulk-known?utm_source=x', 'https://example.com/bulk-fresh'].join('\n'));
  const same = dialog.getByTestId('bulk-same-page');
  await expect(same).toContainText('1 line is a page you have already shortened:');
  await expect(same).toContainText('Line 1');
  await expect(same).toContainText(shown(known!.shorturl));
  // The page and its short link one under the other, never one run of text.
  const line = same.getByTestId('bulk-same-page-line');
  expect(await line.innerText()).toMatch(/example\.com\/bulk-known\S*\s*\n\s*\S+\/\w+/);
  const shortHost = server.url.replace('http://', '');
  expect(await layoutProblems(page, { shortHost })).toEqual([]);
  await expect(same.getByLabel('Use the existing links')).toBeChecked();
  await dialog.getByRole('button', { name: 'Shorten 1 link' }).click();
  const results = dialog.getByTestId('bulk-results');
  await expect(results).toContainText('Done: the link is shortened.', { timeout: 20_000 });
  await expect(results.getByTestId('bulk-reused')).toHaveText('1 existing link was used.');
  await expect(results.getByTestId('bulk-made-link')).toHaveCount(2);
  expect(await layoutProblems(page, { shortHost })).toEqual([]);
  await expectOutboxDrained(worker);
  expect((await linksOf(server, 'https://example.com/bulk-')).map((l) => l.longurl).sort()).toEqual([
    'https://example.com/bulk-fresh',
    'https://example.com/bulk-known',
  ]);
});

for (const language of ['en', 'de', 'ar']) {
  test.describe(`screens in ${language}`, () => {
    test.use({ uiLanguage: language });

    test('two links of a page and the Shorten all tabs confirmation at 400×600', async ({
      context,
      server,
      worker,
      extensionUrl,
      web,
    }) => {
      const words = await messagesOf(language);
      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);
      await closeBlankTabs(context);
      const pageUrl = web.url('/a-page-worth-sharing');
      for (const url of [pageUrl, `${pageUrl}?utm_source=newsletter&utm_medium=email`]) {
        const form = await newLink(dashboard, extensionUrl, words, url);
        await form.getByRole('button', { name: words.newLinkForm_createShortLink, exact: true }).click();
        await expect(dashboard.getByTestId('new-link-dialog')).toHaveCount(0);
      }
      await expectOutboxDrained(worker);
      const { tabId } = await openTab(context, worker, pageUrl);
      await openTab(context, worker, web.url('/another-article'));
      const popup = await popupAt(context, extensionUrl, tabId);
      const two = (words[`samePage_count_${new Intl.PluralRules(language).select(2)}`] ?? words.samePage_count_other)!;
      await expect(popup.page.getByTestId('same-page-count')).toHaveText(two.replace('{count}', '2'));
      await expect(popup.page.getByRole('button', { name: words.samePage_makeAnother })).toBeInViewport();
      await keepScreenshot(popup.page, `popup-two-links-${language}.png`);

      await popup.page.getByRole('button', { name: words.allTabs_button }).click();
      const dialog = popup.page.getByRole('dialog', { name: words.allTabs_confirmTitle });
      await expect(dialog.getByTestId('all-tabs-take')).toContainText('another-article');
      await expect(dialog.getByTestId('all-tabs-reuse')).toContainText('a-page-worth-sharing');
      await keepScreenshot(popup.page, `popup-all-tabs-confirm-${language}.png`);
      const shortHost = server.url.replace('http://', '');
      expect(await layoutProblems(popup.page, { shortHost })).toEqual([]);

      // The result: each link's short address over its long one, neither cut where it must not be.
      await dialog.locator('.tabs-plan-actions button').first().click();
      const results = popup.page.getByTestId('bulk-made');
      await expect(results).toBeVisible({ timeout: 20_000 });
      await expect(popup.page.getByTestId('bulk-reused')).toBeVisible();
      expect(await layoutProblems(popup.page, { shortHost })).toEqual([]);
      await keepScreenshot(popup.page, `popup-all-tabs-done-${language}.png`);
    });
  });
}
