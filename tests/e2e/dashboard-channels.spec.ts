import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { connectExtension, serverList } from './support';

test('channels: create, edit, assign a link and a bio page, delete (items unassigned)', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('channels');
  await expectAccessible(page);

  // Bad input: a colour that is not #RRGGBB is refused in place, nothing is queued.
  await page.getByRole('button', { name: 'New channel' }).click();
  const newChannel = page.getByRole('dialog', { name: 'New channel' });
  await newChannel.getByLabel('Channel name').fill('Bad colour');
  await newChannel.getByRole('textbox', { name: 'Colour', exact: true }).fill('blue');
  await newChannel.getByRole('button', { name: 'Create channel' }).click();
  await expect(newChannel.getByText('Use a HEX colour like #1a2b3c.')).toBeVisible();
  await newChannel.getByRole('button', { name: 'Close' }).click();

  await dashboard.createChannel('Research', '#112233');
  await dashboard.expectInSync();
  const created = (
    await serverList<{ id: number; name: string; color: string }>(server, '/api/channels', 'channels')
  ).find((c) => c.name === 'Research');
  expect(created?.color).toBe('#112233');

  await dashboard.open('channels');
  const row = dashboard.channelRow('Research');
  await row.getByRole('button', { name: 'Edit Research' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Research' });
  await edit.getByLabel('Description').fill('Papers to read');
  await edit.getByRole('button', { name: 'Save channel' }).click();
  await expect(edit).toHaveCount(0);
  await row.getByRole('button', { name: 'Items of Research' }).click();
  const items = row.getByTestId('channel-items');
  await items.getByLabel('Add to Research').selectOption({ label: 'Example Domain' });
  await items.getByRole('button', { name: 'Add' }).click();
  await items.getByLabel('Add to Research').selectOption({ label: 'Demo bio page' });
  await items.getByRole('button', { name: 'Add' }).click();
  await expect(items.getByTestId('channel-item')).toHaveCount(2);
  await dashboard.expectInSync();

  const onServer = await serverList<{ type: string }>(server, `/api/channel/${created!.id}`, 'items');
  expect(onServer.map((i) => i.type).sort()).toEqual(['bio', 'links']);
  expect(
    (await serverList<{ id: number; description: string }>(server, '/api/channels', 'channels')).find(
      (c) => c.id === created!.id,
    )?.description,
  ).toBe('Papers to read');

  await dashboard.open('channels');
  await dashboard.channelRow('Research').getByRole('button', { name: 'Delete Research' }).click();
  // Asked in the app's own dialog, which says what happens to the channel's items.
  const asked = page.getByRole('dialog', { name: 'Delete channel' });
  await expect(asked).toContainText('Its items are unassigned, not deleted.');
  await asked.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(asked).toHaveCount(0);
  await expect(dashboard.channelRow('Research')).toHaveCount(0);
  await dashboard.expectInSync();
  expect(
    (await serverList<{ id: number }>(server, '/api/channels', 'channels')).some((c) => c.id === created!.id),
  ).toBe(false);
});

test('branded domains: typed without scheme, taken with https:// and said so; another scheme refused; edit redirects, delete', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('domains');
  await dashboard.addDomain('ftp://short.example.net');
  await expect(page.getByText('Only http and https URLs can be used, not ftp:.')).toBeVisible();
  const adding = page.getByRole('dialog', { name: 'Add a branded domain' });
  await adding.getByLabel('Domain', { exact: true }).fill('short.example.net');
  // Said as it is typed, before anything is saved.
  await expect(adding.getByLabel('Domain', { exact: true })).toHaveAccessibleDescription(
    'https:// will be added: https://short.example.net',
  );
  await dashboard.addDomain('short.example.net');
  const row = page.getByTestId('domain-row').filter({ hasText: 'short.example.net' });
  await row.getByRole('button', { name: 'Edit https://short.example.net' }).click();
  const redirects = page.getByRole('dialog', { name: 'Redirects of short.example.net' });
  await redirects.getByLabel('404 redirect of https://short.example.net').fill('https://example.net/missing');
  await redirects.getByRole('button', { name: 'Save redirects' }).click();
  // The dialog closes once the change is written here; only then is it safe to leave the page.
  await expect(redirects).toHaveCount(0);
  await expect(row).toContainText('example.net/missing');
  await dashboard.expectInSync();
  expect(
    (await serverList<{ domain: string; redirect404: string }>(server, '/api/domains', 'domains')).find(
      (d) => d.domain === 'https://short.example.net',
    )?.redirect404,
  ).toBe('https://example.net/missing');
  await dashboard.open('domains');
  await page.getByRole('button', { name: 'Delete https://short.example.net' }).click();
  await page
    .getByRole('dialog', { name: 'Delete domain' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(row).toHaveCount(0);
  await dashboard.expectInSync();
  expect((await serverList<{ domain: string }>(server, '/api/domains', 'domains')).map((d) => d.domain)).not.toContain(
    'https://short.example.net',
  );
});

test('sync centre shows the budget from the service and the last refresh; settings keep defaults and theme', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('sync');
  await expect(page.getByTestId('budget-remaining')).toHaveText(/^\d+ of 600$/);
  await page.getByText('Details', { exact: true }).click();
  await expect(page.getByRole('table').getByRole('row', { name: /Your links/ })).toContainText(
    /checked (just now|\d+ min ago)/,
  );
  await expectAccessible(page);

  await dashboard.open('settings');
  await page.getByLabel('Status').selectOption('public');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.reload();
  await expect(page.getByLabel('Status')).toHaveValue('public');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(page);
});
