import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { connectExtension, serverList } from './support';

test('campaigns: create with a slug, edit, assign a link, delete', async ({ context, server, extensionUrl }) => {
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await page.goto(extensionUrl('dashboard.html#/campaigns'));
  await expect(page.getByTestId('campaign-row').filter({ hasText: 'Launch week' })).toHaveCount(1);
  await expectAccessible(page);

  await page.getByLabel('Rotator slug').first().fill('two words');
  await page.getByLabel('Campaign name').first().fill('Autumn');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await expect(page.getByText('A rotator slug has 3 to 50 letters, digits, - or _.')).toBeVisible();
  await page.getByLabel('Rotator slug').first().fill('autumn-26');
  await page.getByRole('button', { name: 'Create campaign' }).click();
  const row = page.getByTestId('campaign-row').filter({ hasText: 'Autumn' });
  await expect(row).toContainText(`${server.url}/r/autumn-26`, { timeout: 15_000 });

  await row.getByRole('button', { name: 'Manage Autumn' }).click();
  await row.getByLabel('Campaign name').fill('Autumn sale');
  await row.getByRole('button', { name: 'Save campaign' }).click();
  const renamed = page.getByTestId('campaign-row').filter({ hasText: 'Autumn sale' });
  await renamed.getByLabel('Link to add to Autumn sale').selectOption({ label: 'Wikipedia' });
  await renamed.getByRole('button', { name: 'Add link' }).click();
  await expect(renamed.getByTestId('campaign-links')).toContainText('Wikipedia');
  await dashboard.expectInSync();

  const campaign = server.db.prepare("SELECT id, name, slug FROM campaigns WHERE slug = 'autumn-26'").get() as { id: number; name: string };
  expect(campaign.name).toBe('Autumn sale');
  expect((server.db.prepare('SELECT COUNT(*) AS n FROM links WHERE campaign_id = ?').get(campaign.id) as { n: number }).n).toBe(1);
  const rotated = await fetch(`${server.url}/r/autumn-26`, { redirect: 'manual' });
  expect(rotated.headers.get('location')).toBe('https://www.wikipedia.org/');

  await page.goto(extensionUrl('dashboard.html#/campaigns'));
  await page.getByRole('button', { name: 'Delete Autumn sale' }).click();
  await dashboard.expectInSync();
  expect(server.db.prepare("SELECT id FROM campaigns WHERE slug = 'autumn-26'").get()).toBeUndefined();
});

test('QR codes: every type, previewed locally, saved on the service; bad data refused; scans shown', async ({ context, server, extensionUrl }) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await page.goto(extensionUrl('dashboard.html#/qr'));
  const form = page.getByRole('form', { name: 'New QR code' });
  await expectAccessible(page);

  await form.getByLabel('QR type').selectOption('wifi');
  await form.getByLabel('Network name (SSID)').fill('Cafe');
  await expect(form.getByText('The preview appears once the fields are valid.')).toBeVisible();
  await form.getByRole('button', { name: 'Create QR code' }).click();
  await expect(form.getByText('Enter the Wi-Fi password, or choose no encryption.')).toBeVisible();

  const kinds: [string, Record<string, string>][] = [
    ['text', { Text: 'Hello there' }],
    ['link', { URL: 'https://example.com/qr-link' }],
    ['phone', { 'Phone number': '+49 30 1234567' }],
    ['email', { 'E-mail address': 'hello@example.com', Subject: 'Hi' }],
    ['sms', { 'Phone number': '+1 555 0100', Message: 'Yes' }],
    ['wifi', { 'Network name (SSID)': 'Cafe', 'Wi-Fi password': 'espresso1' }],
    ['vcard', { 'First name': 'Ada', 'Last name': 'Lovelace', 'E-mail address': 'ada@example.com' }],
  ];
  for (const [type, fields] of kinds) {
    await form.getByLabel('QR type').selectOption(type);
    await form.getByLabel('Name', { exact: true }).fill(`QR ${type}`);
    for (const [label, value] of Object.entries(fields)) await form.getByLabel(label, { exact: true }).fill(value);
    await expect(form.getByRole('img', { name: 'Preview of the new QR code' })).toBeVisible();
    await form.getByRole('button', { name: 'Create QR code' }).click();
    await expect(page.getByTestId('qr-row').filter({ hasText: `QR ${type}` })).toHaveCount(1);
  }
  await dashboard.expectInSync();
  const saved = server.db.prepare("SELECT type, data FROM qr_codes WHERE name LIKE 'QR %'").all() as { type: string; data: string }[];
  expect(saved.map((q) => q.type).sort()).toEqual(kinds.map(([t]) => t).sort());
  expect(JSON.parse(saved.find((q) => q.type === 'wifi')!.data)).toEqual({ ssid: 'Cafe', password: 'espresso1', encryption: 'WPA' });

  const menu = (await serverList<{ name: string; link: string }>(server, '/api/qr', 'qrs')).find((q) => q.name === 'Menu card')!;
  await fetch(menu.link, { redirect: 'manual', headers: { 'x-country': 'ES' } });
  await page.goto(extensionUrl('dashboard.html#/qr'));
  await page.getByRole('button', { name: 'Menu card' }).click();
  const detail = page.getByTestId('qr-detail');
  await expect(detail.getByRole('region', { name: 'Countries' })).toContainText('Spain');
  await expect(page.getByTestId('qr-row').filter({ hasText: 'Menu card' }).getByTestId('qr-scans')).toHaveText('2 scans');
});

test('account: shows the plan; e-mail change needs a matching confirmation; catalogue lists overlays and splash pages', async ({ context, server, extensionUrl }) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await page.goto(extensionUrl('dashboard.html#/account'));
  await expect(page.getByText('pro', { exact: true })).toBeVisible();
  await expectAccessible(page);
  const email = page.getByRole('form', { name: 'Change e-mail address' });
  await email.getByLabel('New e-mail address', { exact: true }).fill('new@linkpilot.test');
  await email.getByLabel('Confirm new e-mail address').fill('nwe@linkpilot.test');
  await email.getByRole('button', { name: 'Change e-mail address' }).click();
  await expect(email.getByText('The two e-mail addresses differ.')).toBeVisible();
  await email.getByLabel('Confirm new e-mail address').fill('new@linkpilot.test');
  await email.getByRole('button', { name: 'Change e-mail address' }).click();
  const password = page.getByRole('form', { name: 'Change password' });
  await password.getByLabel('New password', { exact: true }).fill('short');
  await password.getByLabel('Confirm new password').fill('short');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(password.getByText('A password has at least 8 characters.')).toBeVisible();
  await dashboard.expectInSync();
  expect((server.db.prepare('SELECT email FROM accounts WHERE id = 1').get() as { email: string }).email).toBe('new@linkpilot.test');
  await page.goto(extensionUrl('dashboard.html#/account'));
  await expect(page.getByTestId('account-email')).toHaveText('new@linkpilot.test');

  await page.goto(extensionUrl('dashboard.html#/catalog'));
  await expect(page.getByTestId('overlay-row')).toHaveCount(2);
  await expect(page.getByTestId('splash-row').filter({ hasText: 'Brand intro' })).toHaveCount(1);
  await expectAccessible(page);
});
