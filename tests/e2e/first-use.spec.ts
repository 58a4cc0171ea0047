import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { SettingsPage } from './pages/SettingsPage';
import { connectExtension, openOptionGroups, serverList } from './support';

// What a new user met on a first walk through the extension, each kept fixed by a test.

test('a shortened page keeps the title the person saw: listed and found by it, here and on the service', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/kept-title'));
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  await expect(popup.page.getByTestId('current-link')).toContainText('Article kept-title');
  await popup.search('kept');
  await expect(popup.recentLinks()).toHaveCount(1);
  await expect(popup.recentLinks().first()).toContainText('Article kept-title');
  await expectOutboxDrained(worker);
  const onServer = (await serverList<{ longurl: string; title: string }>(server, '/api/urls', 'urls')).find(
    (l) => l.longurl === web.url('/kept-title'),
  );
  expect(onServer?.title).toBe('Article kept-title');
});

test('a link is moved between channels and campaigns; "none" is not offered once it is placed', async ({
  context,
  server,
  worker,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/placed'));
  await popup.shortenButton().click();
  await expect(popup.shortUrl()).toBeVisible();
  const channel = popup.page.getByLabel('Channel');
  await expect(channel.getByRole('option', { name: 'No channel' })).toHaveCount(1);
  await channel.selectOption({ label: 'News' });
  // The API can move a link but never take it out: the choice that could not be kept is gone.
  await expect(channel).toHaveValue(/.+/);
  await expect(channel.getByRole('option', { name: 'No channel' })).toHaveCount(0);
  await expect(popup.page.getByText('not take it out of one')).toBeVisible();
  await channel.selectOption({ label: 'Social' });
  await expect(channel.locator('option:checked')).toHaveText('Social');
  await expectOutboxDrained(worker);
  const social = (await serverList<{ id: number; name: string }>(server, '/api/channels', 'channels')).find(
    (c) => c.name === 'Social',
  )!;
  const items = await serverList<{ link: string }>(server, `/api/channel/${social.id}`, 'items');
  expect(items).toHaveLength(1);
});

test('Settings: Connect finishes with a next step; connected, it reads "Connected to … as …" with Change', async ({
  context,
  server,
  extensionUrl,
}) => {
  const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await expect(settings.page.getByText('look in your account')).toBeVisible();
  await settings.connect(server.url, server.apiKey);
  const card = settings.page.getByTestId('connection-card');
  await expect(card.getByTestId('connected-note')).toContainText("You're connected as demo@linkpilot.test");
  await expect(card.getByTestId('connected-service')).toHaveText(server.url.replace('http://', ''));
  await expect(settings.page.getByLabel('Service URL')).toHaveCount(0);
  await settings.page.getByRole('button', { name: 'Change', exact: true }).click();
  // The form opens with the service it is connected to, not empty.
  await expect(settings.page.getByLabel('Service URL')).toHaveValue(server.url);
  await settings.page.getByRole('button', { name: 'Cancel' }).click();
  await settings.page.getByRole('link', { name: 'Go to your links' }).click();
  await expect(settings.page.getByRole('heading', { name: 'Links', exact: true })).toBeVisible();
  await expect(settings.page.getByTestId('link-row')).toHaveCount(3);
  // Back in Settings later, the connection still reads as connected, without the one-time note.
  await settings.page.getByRole('link', { name: 'Settings' }).click();
  await expect(settings.page.getByTestId('connected-service')).toBeVisible();
  await expect(settings.page.getByTestId('connected-note')).toHaveCount(0);
});

test('offline, the copy of the data says it is paused and why, and a banner says so once', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await server.close();
  await page.goto(extensionUrl('dashboard.html#/sync'));
  await page.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('offline-banner')).toContainText("The service can't be reached right now.");
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('mirror-paused')).toContainText('resumes by itself');
  await expect(page.getByTestId('offline-banner')).toHaveCount(1);
});

test('layout: checkboxes beside their labels, remove buttons on one line, table headers over their columns', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row')).toHaveCount(3);

  const headers = page.locator('.link-table thead th');
  const cells = page.getByTestId('link-row').first().locator('td');
  for (let i = 0; i < 3; i++) {
    const th = (await headers.nth(i).boundingBox())!;
    const td = (await cells.nth(i).boundingBox())!;
    expect(Math.abs(th.x - td.x), `column ${i + 1}`).toBeLessThanOrEqual(2);
    expect(Math.abs(th.width - td.width), `column ${i + 1}`).toBeLessThanOrEqual(2);
  }

  await page.getByRole('button', { name: 'New link' }).click();
  const dialog = page.getByRole('dialog', { name: 'New short link' });
  await openOptionGroups(dialog);
  const derive = dialog.getByText('Derive from the long URL');
  const checkbox = dialog.getByRole('checkbox', { name: 'Derive from the long URL' });
  const label = (await derive.boundingBox())!;
  const box = (await checkbox.boundingBox())!;
  expect(label.height).toBeLessThan(32);
  expect(box.y + box.height / 2).toBeGreaterThan(label.y);
  expect(box.y + box.height / 2).toBeLessThan(label.y + label.height);
  expect(label.x - (box.x + box.width)).toBeLessThan(16);

  await dialog.getByRole('button', { name: 'Add country' }).click();
  const remove = (await dialog.getByRole('button', { name: 'Remove country 1' }).boundingBox())!;
  expect(remove.height).toBeLessThanOrEqual(40);
  expect(remove.width).toBeLessThanOrEqual(48);
});
