import type { RunningServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectAccessible } from './axe';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { DashboardPage } from './pages/DashboardPage';
import { QrCodesPage } from './pages/QrCodesPage';
import { connectExtension, connectIn, openOptionGroups, outboxSize, serverList } from './support';

const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

interface ServerQr {
  id: number;
  name: string;
  link: string;
  scans: number;
}

test('QR codes: bad input gets a message at its field, no preview, and nothing is sent', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  await expect(qr.row('Menu card')).toHaveCount(1);
  await expectAccessible(page);

  const cases: { type: string; fields: Record<string, string>; field: string; message: string }[] = [
    {
      type: 'wifi',
      fields: { 'Network name (SSID)': 'Cafe' },
      field: 'Wi-Fi password',
      message: 'Enter the Wi-Fi password, or choose no encryption.',
    },
    {
      type: 'email',
      fields: { 'E-mail address': 'not-an-address' },
      field: 'E-mail address',
      message: 'Enter a valid e-mail address.',
    },
    {
      type: 'link',
      fields: { URL: 'example.com/menu' },
      field: 'URL',
      message: 'Enter a full URL starting with https:// or http://.',
    },
    {
      type: 'sms',
      fields: { 'Phone number': 'call me' },
      field: 'Phone number',
      message: 'Enter a phone number: digits, optionally +, spaces, dashes or parentheses.',
    },
    {
      type: 'vcard',
      fields: { Organisation: 'Analytical Engines Ltd' },
      field: 'First name',
      message: 'Enter a first or last name.',
    },
  ];
  for (const c of cases) {
    await qr.fill(c.type, c.fields);
    await expect(qr.preview()).toHaveCount(0);
    await qr.submit();
    const field = qr.form().getByLabel(c.field, { exact: true });
    await expect(qr.form().getByText(c.message, { exact: true }), c.type).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toBeFocused();
  }
  await expectAccessible(page);
  expect(await outboxSize(worker)).toBe(0);
  expect((await serverList<ServerQr>(server, '/api/qr', 'qrs')).map((q) => q.name)).toEqual(['Menu card']);

  // The messages follow the correction live, the summary too, and the preview appears once the input is valid.
  const summary = qr.form().getByText('Check the marked fields: nothing was saved yet.');
  await qr.fill('wifi', { 'Network name (SSID)': 'Cafe', 'Wi-Fi password': '' });
  await qr.submit();
  await expect(summary).toBeVisible();
  await qr.form().getByLabel('Wi-Fi password', { exact: true }).fill('espresso1');
  await expect(qr.form().getByText('Enter the Wi-Fi password, or choose no encryption.')).toHaveCount(0);
  await expect(summary).toHaveCount(0);
  await expect(qr.preview()).toBeVisible();
});

test('QR codes: one of every type, previewed locally before saving, reaches the service with its data and colours', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const english = await messagesOf('en');
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  // The colours are small swatches with their codes beside them, not bars across the form.
  await qr.fill('link', { URL: 'https://example.com/swatch' });
  await openOptionGroups(qr.form());
  const swatch = qr.form().getByLabel('Foreground colour');
  expect((await swatch.boundingBox())!.width).toBeLessThanOrEqual(40);
  await expect(qr.form().getByText('#000000', { exact: true })).toBeVisible();

  const kinds: { type: string; fields: Record<string, string>; data: unknown }[] = [
    { type: 'text', fields: { Text: 'Hello there' }, data: 'Hello there' },
    { type: 'link', fields: { URL: 'https://example.com/qr-link' }, data: 'https://example.com/qr-link' },
    { type: 'phone', fields: { 'Phone number': '+49 30 1234567' }, data: '+49 30 1234567' },
    {
      type: 'email',
      fields: { 'E-mail address': 'hello@example.com', Subject: 'Hi' },
      data: { email: 'hello@example.com', subject: 'Hi' },
    },
    {
      type: 'sms',
      fields: { 'Phone number': '+1 555 0100', Message: 'Yes' },
      data: { phone: '+1 555 0100', message: 'Yes' },
    },
    {
      type: 'wifi',
      fields: { 'Network name (SSID)': 'Cafe', 'Wi-Fi password': 'espresso1' },
      data: { ssid: 'Cafe', password: 'espresso1', encryption: 'WPA' },
    },
    {
      type: 'vcard',
      fields: { 'First name': 'Ada', 'Last name': 'Lovelace', 'E-mail address': 'ada@example.com' },
      data: { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@example.com' },
    },
  ];
  for (const kind of kinds) {
    await qr.fill(kind.type, { ...kind.fields, Name: `QR ${kind.type}` });
    await expect(qr.preview(), kind.type).toBeVisible();
    await qr.submit();
    await expect(qr.row(`QR ${kind.type}`)).toHaveCount(1);
    // The list says what kind of code each one is.
    await expect(qr.row(`QR ${kind.type}`).getByTestId('qr-type')).toHaveText(english[`qr_type_${kind.type}`]!);
  }
  // An open network: no password field, no password sent. Colours picked as hex go out as rgb().
  await qr.fill('wifi', { 'Network name (SSID)': 'Guests', Name: 'QR open wifi' });
  await qr.form().getByLabel('Encryption').selectOption('nopass');
  await expect(qr.form().getByLabel('Wi-Fi password', { exact: true })).toHaveCount(0);
  await openOptionGroups(qr.form());
  await qr.form().getByLabel('Foreground colour').fill('#1a2b3c');
  await qr.form().getByLabel('Background colour').fill('#fafafa');
  // The preview is drawn again after each change: read once it shows both colours.
  await expect(qr.preview()).toHaveAttribute('src', /%23fafafa/);
  await expect(qr.preview()).toHaveAttribute('src', /%231a2b3c/);
  // A Wi-Fi code is kept as previewed: the code that is listed and downloaded is the one that joins the network.
  const previewed = await qr.preview().getAttribute('src');
  await qr.submit();
  await expect(qr.row('QR open wifi')).toHaveCount(1);
  await expect(qr.row('QR open wifi').getByRole('img', { name: 'QR code QR open wifi' })).toHaveAttribute(
    'src',
    previewed!,
  );
  await expect(qr.row('QR open wifi').getByTestId('qr-scans')).toHaveText('Scans not counted');
  await expectOutboxDrained(worker);

  const names = (await serverList<ServerQr>(server, '/api/qr', 'qrs')).map((q) => q.name);
  expect(names.sort()).toEqual(['Menu card', 'QR open wifi', ...kinds.map((k) => `QR ${k.type}`)].sort());
  // What each code encodes is not in the API's answers; the service's own store shows it.
  const stored = server.db
    .prepare("SELECT name, type, data, foreground, background FROM qr_codes WHERE name LIKE 'QR %'")
    .all() as { name: string; type: string; data: string; foreground: string; background: string }[];
  for (const kind of kinds) {
    const row = stored.find((s) => s.name === `QR ${kind.type}`);
    expect(row?.type, kind.type).toBe(kind.type);
    expect(JSON.parse(row!.data), kind.type).toEqual(kind.data);
  }
  expect(stored.find((s) => s.name === 'QR open wifi')).toMatchObject({
    data: JSON.stringify({ ssid: 'Guests', encryption: 'nopass' }),
    foreground: 'rgb(26,43,60)',
    background: 'rgb(250,250,250)',
  });

  // Once saved, each code is listed with the image of its tracking link.
  await qr.open();
  await expect(qr.row('QR vcard').getByRole('img', { name: 'QR code QR vcard' })).toBeVisible();
  await expectAccessible(page);
});

test('QR codes: scans made with the code show in its details', async ({ context, worker, server, extensionUrl }) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));

  const menu = (await serverList<ServerQr>(server, '/api/qr', 'qrs')).find((q) => q.name === 'Menu card')!;
  const scan = await fetch(menu.link, { redirect: 'manual', headers: { 'x-country': 'ES', 'user-agent': FIREFOX_UA } });
  expect(scan.status).toBeGreaterThanOrEqual(300);
  await qr.open();
  let detail = await qr.openDetail('Menu card');
  // Its buttons stand above what comes after the panel opened (the statistics, the scans' history),
  // so a press aimed at one is not moved off it as they come.
  const remove = detail.getByRole('button', { name: 'Delete QR code' });
  const before = await remove.boundingBox();
  await expect(detail.getByRole('region', { name: 'Countries' })).toContainText('Spain');
  await expect(detail.getByRole('region', { name: 'Browsers' })).toContainText('Firefox');
  await expect(detail.getByRole('heading', { name: 'Scans over time' })).toBeVisible();
  expect(await remove.boundingBox()).toEqual(before);
  await expect(detail.getByTestId('clicks')).toHaveText('2');
  await expect(qr.row('Menu card').getByTestId('qr-scans')).toHaveText('2 scans');
  await expectAccessible(page);

  // A code made here: its statistics come once the service has it, and follow new scans on refresh.
  await qr.fill('link', { URL: 'https://example.com/flyer', Name: 'Flyer' });
  await qr.submit();
  await expectOutboxDrained(worker);
  const flyer = (await serverList<ServerQr>(server, '/api/qr', 'qrs')).find((q) => q.name === 'Flyer')!;
  await qr.open();
  detail = await qr.openDetail('Flyer');
  await expect(detail.getByTestId('no-clicks')).toHaveText('No scans yet');
  await fetch(flyer.link, { redirect: 'manual', headers: { 'x-country': 'JP', 'user-agent': FIREFOX_UA } });
  await detail.getByRole('button', { name: 'Refresh statistics' }).click();
  await expect(detail.getByRole('region', { name: 'Countries' })).toContainText('Japan');
  await expect(detail.getByTestId('clicks')).toHaveText('1');
});

/** Two more codes beside the demo's "Menu card", made on the service before the extension first copies it. */
function addTwoCodes(server: RunningServer) {
  const { account, date } = server.db.prepare('SELECT account_id AS account, date FROM qr_codes').get() as {
    account: number;
    date: string;
  };
  const insert = server.db.prepare(
    "INSERT INTO qr_codes (account_id, code, type, data, name, scans, date) VALUES (?, ?, 'link', ?, ?, ?, ?)",
  );
  insert.run(account, 'poster1', JSON.stringify('https://example.com/poster'), 'Poster', 4, date);
  insert.run(account, 'flyer01', JSON.stringify('https://example.com/flyer'), 'Flyer', 0, date);
}

test('QR codes: two ticked are deleted together after asking, here at once and then on the service', async ({
  context,
  server,
  extensionUrl,
}) => {
  addTwoCodes(server);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  await expect(page.getByTestId('qr-row')).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Selected QR codes' });
  await expect(bar).toHaveCount(0);

  // Everything shown, then nothing again: the bar comes and goes with the selection.
  const all = page.getByRole('checkbox', { name: 'Select all 3 QR codes shown' });
  await all.check();
  await expect(bar.getByTestId('selection-count')).toHaveText('3 selected');
  await all.uncheck();
  await expect(bar).toHaveCount(0);

  // The keyboard: Poster's box ticked with Space, without opening its details; Flyer's with the mouse.
  const poster = page.getByRole('checkbox', { name: 'Select Poster' });
  await poster.focus();
  await page.keyboard.press('Space');
  await expect(poster).toBeChecked();
  await expect(page.getByTestId('qr-detail')).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'Select Flyer' }).click();
  await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');
  await expect(all).not.toBeChecked();
  await keepScreenshot(page, 'qr-selection-en.png');
  await expectAccessible(page);

  // Asked first, with how many and what goes with them: Cancel leaves everything as it was.
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 QR codes?' });
  await expect(dialog).toContainText('their scans go with them');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('qr-row')).toHaveCount(3);
  await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');

  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('qr-row')).toHaveCount(1);
  await expect(qr.row('Menu card')).toHaveCount(1);
  await expect(bar).toHaveCount(0);

  await new DashboardPage(page, extensionUrl('dashboard.html')).expectInSync();
  expect((await serverList<ServerQr>(server, '/api/qr', 'qrs')).map((q) => q.name)).toEqual(['Menu card']);
});

test.describe('in Arabic', () => {
  test.use({ uiLanguage: 'ar' });

  test('QR codes: the selection is counted and asked about in its words, right to left', async ({
    context,
    server,
    extensionUrl,
  }) => {
    addTwoCodes(server);
    const words = await messagesOf('ar');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
    await page.goto(extensionUrl('dashboard.html#/qr'));
    await expect(page.getByTestId('qr-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'تحديد Poster' }).click();
    await page.getByRole('checkbox', { name: 'تحديد Flyer' }).click();
    const bar = page.getByRole('region', { name: 'رموز QR المحدّدة' });
    // Two takes the dual form, not "2 …".
    await expect(bar.getByTestId('selection-count')).toHaveText('رمزا QR محدّدان');
    await keepScreenshot(page, 'qr-selection-ar.png');
    await bar.getByRole('button', { name: 'حذف', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'هل تريد حذف رمزَي QR؟' });
    await expect(dialog).toContainText('عمليات المسح');
    await dialog.getByRole('button', { name: 'إلغاء', exact: true }).click();
    await expect(page.getByTestId('qr-row')).toHaveCount(3);
  });
});
