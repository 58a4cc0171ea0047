import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, openTab, readClipboard, serverList } from './support';

test('the popup by keyboard alone: shorten, then find a link, copy it, clear the search', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { tabId } = await openTab(context, worker, web.url('/keyboard-only'));
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  const keys = popup.page.keyboard;
  await popup.openFor(tabId);
  await expect(popup.page.getByTestId('shortcut-hint')).toContainText('Alt+Shift+L');

  // Unshortened: the cursor is on the one thing to do.
  await expect(popup.shortenButton()).toBeFocused();
  await keys.press('Enter');
  await expect(popup.shortUrl()).toBeVisible();
  await expectOutboxDrained(worker);

  // Shortened: the cursor is in the search.
  await popup.openFor(tabId);
  const search = popup.page.getByRole('searchbox', { name: 'Search your links' });
  await expect(search).toBeFocused();
  await keys.type('wiki');
  await expect(popup.recentLinks()).toHaveCount(1);
  await keys.press('ArrowDown');
  await expect(popup.recentLinks().first()).toBeFocused();
  await keys.press('Enter');
  // The same visible "Copied" as a click on the row's Copy, and back to "Copy" a few seconds later.
  const rowCopy = popup
    .recentLinks()
    .first()
    .getByRole('button', { name: /^Copy / });
  await expect(rowCopy).toHaveText('Copied');
  await expect(popup.page.getByRole('status').filter({ hasText: 'Copied the short URL of Wikipedia' })).toHaveCount(1);
  await expect(rowCopy).toHaveText('Copy');
  const wikipedia = (await serverList<{ shorturl: string; title: string }>(server, '/api/urls', 'urls')).find(
    (l) => l.title === 'Wikipedia',
  )!;
  await expect.poll(() => readClipboard(context, web.url('/clipboard-reader'))).toBe(wikipedia.shorturl);

  // Escape clears the search and returns to it; arrows walk the full list and back up to the search.
  await popup.page.bringToFront();
  await popup.recentLinks().first().focus();
  await keys.press('Escape');
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('');
  await expect(popup.recentLinks()).toHaveCount(4);
  await keys.press('ArrowDown');
  await keys.press('ArrowDown');
  await expect(popup.recentLinks().nth(1)).toBeFocused();
  await keys.press('ArrowUp');
  await keys.press('ArrowUp');
  await expect(search).toBeFocused();

  // `/` goes to the search from anywhere that is not a field.
  await keys.press('Tab');
  await expect(search).not.toBeFocused();
  await keys.press('/');
  await expect(search).toBeFocused();
  await keys.type('nothing like this');
  await expect(popup.recentLinks()).toHaveCount(0);
  await keys.press('Escape');
  await expect(popup.recentLinks()).toHaveCount(4);
});

test('the new link dialog by keyboard: its option groups open as disclosures, Enter in a field creates', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: 'New link' }).click();
  const form = page.getByRole('form', { name: 'New short link' });
  const keys = page.keyboard;
  const url = form.getByLabel('Long URL', { exact: true });
  await url.focus();
  await keys.type('https://example.com/by-keyboard');
  // The essentials in reading order, then the first group's button, closed.
  for (const label of ['Custom alias', 'Domain', 'Channel']) {
    await keys.press('Tab');
    await expect(form.getByLabel(label, { exact: true })).toBeFocused();
  }
  await keys.press('Tab');
  const utm = form.getByRole('button', { name: /^Campaign tracking \(UTM\)/ });
  await expect(utm).toBeFocused();
  await expect(utm).toHaveAttribute('aria-expanded', 'false');
  await expect(form.getByLabel('UTM source')).toBeHidden();
  // Opened with Enter, its fields come next; opened, it is passed over no more.
  await keys.press('Enter');
  await expect(utm).toHaveAttribute('aria-expanded', 'true');
  await keys.press('Tab');
  await expect(form.getByLabel('Preset', { exact: true })).toBeFocused();
  await keys.press('Shift+Tab');
  await keys.press('Space');
  await expect(utm).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByTestId('new-link-dialog')).toBeVisible();

  await form.getByLabel('Custom alias', { exact: true }).focus();
  await keys.type('by-keyboard');
  await keys.press('Enter');
  await expect(page.getByTestId('new-link-dialog')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByTestId('detail-short-url')).toContainText('by-keyboard', { timeout: 15_000 });
});
