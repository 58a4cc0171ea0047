import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { startServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectExtension, connectIn, serverList } from './support';

// The popup after shortening, at 400×600: the short link whole with Copy under it, in three
// languages; options chosen for one link that stay with it; pages that cannot be shortened.
// Screenshots go to the test's output folder (test-results/), to look at; they are not references.

const BRANDED = 'https://links.the-longest-branded-domain-anyone-sells.example.com';
const ALIAS = 'spring-sale-newsletter-2026-eu';

async function addDomain(server: RunningServer, domain: string) {
  const response = await fetch(`${server.url}/api/domain/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain }),
  });
  expect(response.ok).toBe(true);
}

/** Every part of the short link's row lies inside the popup's 400 px, nothing cut or scrolled away. */
async function expectInsideWidth(page: Page) {
  const row = page.getByTestId('current-link');
  const boxes = {
    link: await page.getByTestId('short-url').boundingBox(),
    open: await page.getByTestId('short-url').locator('svg').boundingBox(),
    copy: await row.locator('.copy-button').boundingBox(),
    qr: await row.locator('.hero-actions > button').last().boundingBox(),
  };
  for (const [name, box] of Object.entries(boxes)) {
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(400);
    expect(box!.width, name).toBeGreaterThan(0);
  }
  // Copy sits under the link, never over it.
  const { link, copy } = boxes as Record<string, { x: number; y: number; width: number; height: number }>;
  const apart = (a: typeof link, b: typeof link) =>
    a!.x + a!.width <= b!.x || b!.x + b!.width <= a!.x || a!.y + a!.height <= b!.y || b!.y + b!.height <= a!.y;
  expect(apart(link, copy)).toBe(true);
  const widths = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

for (const { language, code, dir } of [
  { language: 'en-US', code: 'en', dir: 'ltr' },
  { language: 'de', code: 'de', dir: 'ltr' },
  { language: 'ar', code: 'ar', dir: 'rtl' },
]) {
  test.describe(`in ${code}`, () => {
    test.use({ uiLanguage: language });

    test('a long branded domain and a custom alias: the short link shows whole, Copy and open in view, recent links above the fold', async ({
      context,
      server,
      extensionUrl,
      web,
      popupFor,
    }) => {
      const words = await messagesOf(code);
      await addDomain(server, BRANDED);
      await connectIn(await context.newPage(), extensionUrl('dashboard.html#/settings'), server, words);
      const { popup } = await popupFor(web.url('/spring-sale'));
      const page = popup.page;
      await page.setViewportSize({ width: 400, height: 600 });
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await page.getByRole('button', { name: words.shorten_moreOptions }).click();
      await page.getByLabel(words.link_customAlias!, { exact: true }).fill(ALIAS);
      await page.getByLabel(words.link_domain!, { exact: true }).selectOption({ label: BRANDED });
      await page.getByRole('button', { name: words.shorten_formLabel, exact: true }).click();

      const shortUrl = page.getByTestId('short-url');
      await expect(shortUrl).toHaveAttribute('href', `${BRANDED}/${ALIAS}`);
      // The alias whole; the host shortened in its middle, its start and its end kept.
      await expect(shortUrl).toHaveText(/^links\.the-lon.*….*example\.com\/spring-sale-newsletter-2026-eu$/);
      await expect(shortUrl).toHaveAttribute('title', `${BRANDED.replace('https://', '')}/${ALIAS}`);
      await expectInsideWidth(page);
      // The channel note is not in the way until a choice is about to be made.
      await expect(page.getByTestId('assign-hint')).toHaveCount(0);
      await popup.expectReady();
      const firstRecent = await popup.recentLinks().first().boundingBox();
      expect(firstRecent!.y + firstRecent!.height).toBeLessThanOrEqual(600);
      await keepScreenshot(page, `popup-hero-${code}.png`);
    });
  });
}

test('options chosen for one link stay with it; "Use for new links" makes them the default, also in New link', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
  popupFor,
}) => {
  await addDomain(server, BRANDED);
  await connectExtension(await context.newPage(), extensionUrl, server);
  const domainOf = async (longurl: string) =>
    (await serverList<{ longurl: string; shorturl: string }>(server, '/api/urls', 'urls')).find(
      (l) => l.longurl === longurl,
    )?.shorturl;

  // Once, for this link only.
  const { popup } = await popupFor(web.url('/once'));
  const page = popup.page;
  await page.getByRole('button', { name: 'More options' }).click();
  await page.getByLabel('Domain', { exact: true }).selectOption({ label: BRANDED });
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toHaveAttribute('href', new RegExp(`^${BRANDED}/`));
  await expectOutboxDrained(worker);
  expect(await domainOf(web.url('/once'))).toMatch(new RegExp(`^${BRANDED}/`));

  // The next page starts from the defaults again.
  const next = await popupFor(web.url('/next'));
  await next.popup.page.getByRole('button', { name: 'More options' }).click();
  const domain = next.popup.page.getByLabel('Domain', { exact: true });
  await expect(domain).toHaveValue('');
  // Chosen again, now for new links too.
  await domain.selectOption({ label: BRANDED });
  await next.popup.page.getByLabel('Use for new links').check();
  await next.popup.shortenButton().click();
  await expect(next.popup.shortUrl()).toHaveAttribute('href', new RegExp(`^${BRANDED}/`));
  await expectOutboxDrained(worker);

  const third = await popupFor(web.url('/third'));
  await third.popup.page.getByRole('button', { name: 'More options' }).click();
  await expect(third.popup.page.getByLabel('Domain', { exact: true })).toHaveValue(BRANDED);
  await expect(third.popup.page.getByLabel('Use for new links')).not.toBeChecked();

  // The dashboard's New link starts from the same defaults.
  const dashboard = await context.newPage();
  await dashboard.goto(extensionUrl('dashboard.html#/links'));
  await dashboard.getByRole('button', { name: 'New link' }).click();
  const form = dashboard.getByRole('form', { name: 'New short link' });
  await expect(form.getByLabel('Domain', { exact: true })).toHaveValue(BRANDED);
});

test('the channel note is said the first time a choice is about to be made, then not again', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup, tabId } = await popupFor(web.url('/placed'));
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  const hint = popup.page.getByTestId('assign-hint');
  await expect(hint).toHaveCount(0);
  await popup.page.getByLabel('Channel', { exact: true }).focus();
  await expect(hint).toHaveText(
    'The service can move a link to another channel or campaign, but not take it out of one.',
  );
  await popup.openFor(tabId);
  await expect(popup.shortUrl()).toBeVisible();
  await popup.page.getByLabel('Channel', { exact: true }).focus();
  await popup.page.getByLabel('Campaign', { exact: true }).focus();
  await expect(popup.page.getByLabel('Channel', { exact: true })).toBeVisible();
  await expect(hint).toHaveCount(0);
});

test("pages of the browser, of extensions and unreadable tabs say why they can't be shortened", async ({
  context,
  server,
  worker,
  extensionUrl,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const page = await context.newPage();
  const open = (url: string) =>
    worker.evaluate(async (u) => (await chrome.tabs.create({ url: u, active: false })).id!, url);

  // An extension's page: its address is readable, and it opens only in this browser.
  await page.goto(`${extensionUrl('popup.html')}?tab=${await open(extensionUrl('dashboard.html'))}`);
  await expect(page.getByTestId('not-shortenable')).toContainText(
    'This page belongs to an extension and opens only in this browser.',
  );
  await expect(page.getByRole('button', { name: 'Shorten this page' })).toHaveCount(0);

  // The browser's own pages: their address is not even readable without the tabs permission.
  for (const url of ['chrome://version/', 'about:blank']) {
    await page.goto(`${extensionUrl('popup.html')}?tab=${await open(url)}`);
    await expect(page.getByTestId('not-shortenable')).toContainText("it is one of the browser's own pages");
    await expect(page.getByRole('searchbox', { name: 'Search your links' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Shorten this page' })).toHaveCount(0);
  }
  await expect(page.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
  await page.setViewportSize({ width: 400, height: 600 });
  await keepScreenshot(page, 'popup-not-shortenable.png');
});

test('statistics stay compact, and "could not be refreshed" goes once fresh numbers arrive', async ({
  context,
  extensionUrl,
  web,
  popupFor,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-hero-'));
  const dbFile = path.join(dir, 'service.sqlite');
  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    const longUrl = web.url('/counted');
    const created = (await (
      await fetch(`${server.url}/api/url/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: longUrl, custom: 'counted' }),
      })
    ).json()) as { shorturl: string };
    for (const country of ['DE', 'DE', 'FR', 'US']) {
      await fetch(created.shorturl, {
        redirect: 'manual',
        headers: { 'x-country': country, Referer: 'https://news.example/' },
      });
    }
    const dashboard = await context.newPage();
    await connectExtension(dashboard, extensionUrl, server);
    await dashboard.goto(extensionUrl('dashboard.html#/links'));
    await expect(dashboard.getByTestId('link-row').filter({ hasText: 'counted' })).toHaveCount(1);
    await server.close();

    const { popup } = await popupFor(longUrl);
    await popup.page.setViewportSize({ width: 400, height: 600 });
    const note = popup.page.getByTestId('stats-not-refreshed');
    await expect(note).toBeVisible();

    // The service is back and the numbers are refreshed while the popup stays open.
    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    const key = await popup.page.evaluate(async (url) => {
      for (const { name } of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(name!);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const rows = db.objectStoreNames.contains('links')
          ? await new Promise<Array<{ key: string; longurl: string }>>((resolve) => {
              const all = db.transaction('links').objectStore('links').getAll();
              all.onsuccess = () => resolve(all.result);
            })
          : [];
        db.close();
        const hit = rows.find((l) => l.longurl === url);
        if (hit) return hit.key;
      }
      return null;
    }, longUrl);
    expect(key).not.toBeNull();
    await popup.page.evaluate((k) => chrome.runtime.sendMessage({ type: 'link.refresh', key: k }), key);
    await expect(popup.page.getByTestId('clicks')).toHaveText('4');
    await expect(popup.page.getByRole('region', { name: 'Countries' })).toContainText('Germany');
    await expect(popup.page.getByTestId('stats-updated')).toBeVisible();
    await expect(note).toHaveCount(0);

    // Compact: the totals and the top lists take a line each; recent links stay above the fold.
    await popup.expectReady();
    const firstRecent = await popup.recentLinks().first().boundingBox();
    expect(firstRecent!.y + firstRecent!.height).toBeLessThanOrEqual(600);
    await keepScreenshot(popup.page, 'popup-hero-stats.png');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
