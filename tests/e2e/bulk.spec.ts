import { readFileSync } from 'node:fs';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, openTab, readClipboard, serverList } from './support';

test('a pasted list: bad lines are listed apart from their reason, the good ones are made, listed with "Copy all" and download as CSV', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: 'Shorten many' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shorten many links' });
  await dialog
    .getByLabel('URLs, one per line')
    .fill(
      [
        'https://example.com/bulk-1, bulk-one',
        'https://example.com/bulk-2',
        'example.com/no-scheme',
        'https://example.com/bulk-3',
        'https://example.com/bulk-4, bad alias!',
        'https://example.com/bulk-5, DEMO',
        `${server.url}/demo`,
      ].join('\n'),
    );
  await dialog.getByLabel('Channel for all').selectOption({ label: 'Social' });
  const problems = dialog.getByTestId('bulk-problems');
  await expect(problems).toContainText('Line 3');
  await expect(problems).toContainText('Enter a full URL starting with https:// or http://.');
  await expect(problems).toContainText('Line 5');
  await expect(problems).toContainText('An alias may use only letters a–z, digits, - and _.');
  // An alias the account already has ("demo") is named at its line; the rest of the list still goes.
  await expect(problems).toContainText('Line 6');
  await expect(problems).toContainText('This alias is already taken.');
  // Which alias is taken is said, as typed, not only the address it was asked for.
  const sixth = problems.getByTestId('bulk-problem').filter({ hasText: 'Line 6' });
  await expect(sixth.getByTestId('bulk-problem-alias')).toHaveText('DEMO');
  // One of the account's own short URLs is named at its line too, not refusing the whole list.
  await expect(problems.getByTestId('bulk-problem').filter({ hasText: 'Line 7' })).toContainText(
    'This is an address of the link service itself',
  );
  // The line as typed and its reason are two lines of the row, never one run of text.
  const third = problems.getByTestId('bulk-problem').filter({ hasText: 'Line 3' });
  expect(await third.innerText()).toMatch(/example\.com\/no-scheme\s*\n\s*Enter a full URL/);
  await dialog.getByRole('button', { name: 'Shorten 3 links' }).click();
  const results = dialog.getByTestId('bulk-results');
  await expect(results).toContainText('Done: 3 links shortened.', { timeout: 20_000 });
  await expect(results.getByRole('progressbar', { name: 'Links made' })).toHaveAttribute('value', '3');
  await expectOutboxDrained(worker);

  const onServer = await serverList<{ longurl: string; alias: string; shorturl: string }>(server, '/api/urls', 'urls');
  const made = onServer.filter((l) => l.longurl.startsWith('https://example.com/bulk-'));
  expect(made.map((l) => l.longurl).sort()).toEqual([1, 2, 3].map((n) => `https://example.com/bulk-${n}`));
  expect(made.find((l) => l.longurl.endsWith('bulk-1'))?.alias).toBe('bulk-one');

  // At the end the links made are listed, and "Copy all" copies their short URLs, one per line.
  const list = results.getByRole('list', { name: 'Links made' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  // Each short address over its long one, without the scheme.
  for (const link of made) await expect(list).toContainText(link.shorturl.replace('http://', ''));
  for (const item of await list.getByRole('listitem').all())
    expect(await item.innerText()).toMatch(/^\S+\/\S+\s*\n\s*example\.com\/bulk-\d$/);
  await results.getByRole('button', { name: 'Copy all short links' }).click();
  await expect(results.getByRole('button', { name: 'Copy all short links' })).toHaveText('Copied');
  const copied = (await readClipboard(context, web.url('/'))).split('\n').sort();
  expect(copied).toEqual(made.map((l) => l.shorturl).sort());

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    results.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const lines = readFileSync((await csv.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toBe('long_url,short_url');
  for (const link of made) expect(lines).toContain(`"${link.longurl}","${link.shorturl}"`);
});

test('a list file over 2 MB is refused by its size, and a small one fills the list', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: 'Shorten many' }).click();
  const dialog = page.getByRole('dialog', { name: 'Shorten many links' });
  const file = dialog.getByLabel('Choose a CSV file');
  await file.setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.alloc(3 * 1024 * 1024, 0x20) });
  await expect(dialog.getByRole('alert')).toHaveText(
    'This file is 3 MB: a list file may be at most 2 MB. Split it, or paste part of it.',
  );
  await expect(dialog.getByLabel('URLs, one per line')).toHaveValue('');
  await file.setInputFiles({ name: 'small.csv', mimeType: 'text/csv', buffer: Buffer.from('https://example.com/f\n') });
  await expect(dialog.getByLabel('URLs, one per line')).toHaveValue('https://example.com/f\n');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('"Shorten all tabs in this window" queues every web page open in it, once, each address whole', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  for (const blank of context.pages().filter((p) => p.url() === 'about:blank')) await blank.close();
  const { tabId } = await openTab(context, worker, web.url('/tab-one'));
  await openTab(context, worker, web.url('/tab-two'));
  await openTab(context, worker, web.url('/tab-two'));
  // A tab's address is a URL, never a list line: a comma in it makes no alias and cuts nothing.
  const tagged = web.url('/page?tags=a,summer');
  const aliased = web.url('/,bank-login');
  await openTab(context, worker, tagged);
  await openTab(context, worker, aliased);
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await popup.openFor(tabId);
  await popup.page.getByRole('button', { name: 'Shorten all tabs in this window' }).click();
  await popup.page.getByRole('button', { name: 'Shorten 4 tabs' }).click();
  const card = popup.page.getByTestId('all-tabs');
  await expect(card).toContainText('Done: 4 links shortened.', { timeout: 20_000 });
  await expectOutboxDrained(worker);
  const links = await serverList<{ longurl: string; alias: string }>(server, '/api/urls', 'urls');
  const longUrls = links.map((l) => l.longurl);
  expect(longUrls.filter((u) => u === web.url('/tab-one'))).toHaveLength(1);
  expect(longUrls.filter((u) => u === web.url('/tab-two'))).toHaveLength(1);
  for (const url of [tagged, aliased]) {
    const made = links.find((l) => l.longurl === url);
    expect(made, url).toBeDefined();
    expect(['summer', 'bank-login']).not.toContain(made!.alias);
  }
});
