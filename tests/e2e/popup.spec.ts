import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type RunningServer, startServer } from '../../server/start';
import { expect, test } from './fixtures';
import { connectExtension, openTab, readClipboard, serverList } from './support';

/** How many of the service's links lead to `url`. */
const linksTo = async (server: RunningServer, url: string) =>
  (await serverList<{ longurl: string }>(server, '/api/urls', 'urls')).filter((l) => l.longurl === url).length;

/** Waits (15 s at most) until the service holds exactly one link to `url`: made once, by whichever side sends it. */
const expectOneLinkTo = (server: RunningServer, url: string) =>
  expect.poll(() => linksTo(server, url), { timeout: 15_000 }).toBe(1);

test('shorten the current tab: one click, the short URL shows and is on the clipboard', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/article-one'));
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toHaveAttribute('href', new RegExp(`^${server.url}/\\w+$`));
  // Shown as people read it, without the scheme.
  await expect(popup.shortUrl()).toHaveText(/^127\.0\.0\.1:\d+\/\w+$/);
  const shortUrl = (await popup.shortUrl().getAttribute('href'))!;
  await expect.poll(() => readClipboard(context, web.url('/clipboard-reader'))).toBe(shortUrl);
  expect(await linksTo(server, web.url('/article-one'))).toBe(1);
});

test('a popup closed in the same instant as the click still makes the link, once', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/gone-at-once'));
  await expect(popup.shortenButton()).toBeEnabled();
  const closed = popup.page.waitForEvent('close', { timeout: 5_000 });
  // The click and the close in one task: nothing the click starts later than that runs in this page.
  await popup
    .shortenButton()
    .evaluate((button: HTMLButtonElement) => {
      button.click();
      window.close();
    })
    .catch(() => undefined);
  await closed;
  await expectOneLinkTo(server, web.url('/gone-at-once'));
});

test('a page that is already shortened shows its link and statistics from real clicks', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  const longUrl = web.url('/article-stats');
  const created = (await (
    await fetch(`${server.url}/api/url/add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: longUrl, custom: 'statspage' }),
    })
  ).json()) as { shorturl: string };
  for (const country of ['DE', 'DE', 'FR']) {
    await fetch(created.shorturl, {
      redirect: 'manual',
      headers: {
        'x-country': country,
        'User-Agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      },
    });
  }
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(longUrl);
  await expect(popup.shortUrl()).toHaveAttribute('href', created.shorturl);
  await expect(popup.page.getByTestId('clicks')).toHaveText('3');
  await expect(popup.page.getByRole('region', { name: 'Countries' })).toContainText('Germany');
  // The QR code is one click away, not in the way.
  await expect(popup.page.getByTestId('qr-image')).toHaveCount(0);
  await popup.page.getByRole('button', { name: 'QR code', exact: true }).click();
  await expect(popup.page.getByTestId('qr-image')).toBeVisible();
});

test('shortened while the service is down: shown as waiting, created once it is back', async ({
  context,
  extensionUrl,
  web,
  popupFor,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-popup-'));
  const dbFile = path.join(dir, 'service.sqlite');
  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    await connectExtension(await context.newPage(), extensionUrl, server);
    await server.close();
    const { popup } = await popupFor(web.url('/article-offline'));
    // The popup's own clock, so that the service can stay away past the auto-copy window without a real wait.
    await popup.page.clock.install();
    await popup.shortenButton().click();
    await expect(popup.page.getByTestId('pending-note')).toBeVisible();
    await expect(popup.page.getByTestId('short-url-pending')).toBeVisible();
    // The service stays away longer than the popup copies by itself after a click (AUTO_COPY_MS, 5 s).
    await popup.page.clock.fastForward(5_500);

    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    await popup.page.evaluate(() => chrome.runtime.sendMessage({ type: 'sync.kick' }));
    await expect(popup.shortUrl()).toHaveAttribute('href', new RegExp(`^http://127.0.0.1:${port}/\\w+$`), {
      timeout: 20_000,
    });
    // Made long after the click: the clipboard is not overwritten behind the person's back; Copy is offered.
    await expect(popup.page.getByTestId('copy-offer')).toBeVisible();
    const shortUrl = (await popup.shortUrl().getAttribute('href'))!;
    expect(await readClipboard(context, web.url('/clipboard-reader'))).not.toBe(shortUrl);
    await popup.page
      .getByRole('button', { name: /^Copy / })
      .first()
      .click();
    await expect.poll(() => readClipboard(context, web.url('/clipboard-reader'))).toBe(shortUrl);
    expect(await linksTo(server, web.url('/article-offline'))).toBe(1);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the QR code is drawn locally and downloads as PNG and SVG', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/article-qr'));
  await popup.shortenButton().click();
  await popup.page.getByRole('button', { name: 'QR code', exact: true }).click();
  await expect(popup.page.getByTestId('qr-image')).toBeVisible();
  const [png] = await Promise.all([
    popup.page.waitForEvent('download'),
    popup.page.getByRole('button', { name: 'Download PNG' }).first().click(),
  ]);
  const bytes = readFileSync((await png.path())!);
  expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  const [svg] = await Promise.all([
    popup.page.waitForEvent('download'),
    popup.page.getByRole('button', { name: 'Download SVG' }).first().click(),
  ]);
  expect(readFileSync((await svg.path())!, 'utf8')).toContain('<svg');
});

test('context menu "Shorten link" and the keyboard shortcut create the link once', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { tabId } = await openTab(context, worker, web.url('/article-menu'));
  await worker.evaluate(
    async ({ tabId, linkUrl }) => {
      const tab = await chrome.tabs.get(tabId);
      (chrome.contextMenus.onClicked as unknown as Dispatchable).dispatch(
        { menuItemId: 'shorten-link', linkUrl, editable: false, pageUrl: tab.url },
        tab,
      );
    },
    { tabId, linkUrl: web.url('/linked-article') },
  );
  await expectOneLinkTo(server, web.url('/linked-article'));

  await worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('shorten-current-tab', tab);
  }, tabId);
  await expectOneLinkTo(server, web.url('/article-menu'));
});

test('recent links are searched locally as you type', async ({ context, server, extensionUrl, web, popupFor }) => {
  for (const [slug, title] of [
    ['alpha-news', 'Alpha news'],
    ['beta-recipes', 'Beta recipes'],
    ['gamma-news', 'Gamma news'],
  ] as const) {
    await fetch(`${server.url}/api/url/add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: web.url(`/${slug}`), metatitle: title }),
    });
  }
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/article-search'));
  await expect(popup.recentLinks().filter({ hasText: 'Beta recipes' })).toHaveCount(1, { timeout: 15_000 });
  await popup.search('news');
  await expect(popup.recentLinks()).toHaveCount(2);
  await popup.search('gam new');
  await expect(popup.recentLinks()).toHaveCount(1);
  await expect(popup.recentLinks().first()).toContainText('Gamma news');
});
