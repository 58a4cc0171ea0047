import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer } from '../../server/start';
import { messagesOf } from '../unit/i18n/catalogue';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { readMeta } from './meta';
import { QrCodesPage } from './pages/QrCodesPage';
import { connectExtension, connectIn, linkRowTo, openOptionGroups, outboxEntries, serverList } from './support';

interface ServerLink {
  id: number;
  alias: string;
  longurl: string;
  clicks: number;
}

/** Opens the demo link "demo" in the links table and returns its details panel. */
async function openDemoLink(page: Page, dashboardUrl: string) {
  await page.goto(dashboardUrl);
  await linkRowTo(page, 'example.com').click();
  const panel = page.getByTestId('link-detail');
  await expect(panel).toBeVisible();
  return panel;
}

const confirm = (page: Page) => page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();

test("a link's destination edited offline is sent once when the service is back, its clicks kept", async ({
  context,
  extensionUrl,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-edits-'));
  const dbFile = path.join(dir, 'service.sqlite');
  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    const before = (await serverList<ServerLink>(server, '/api/urls', 'urls')).find((l) => l.alias === 'demo')!;
    expect(before.clicks).toBeGreaterThan(0);
    // Mirrored first, then the service goes away.
    const panel = await openDemoLink(page, extensionUrl('dashboard.html#/links'));
    await server.close();
    await panel.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByTestId('edit-link-dialog');
    const form = dialog.getByRole('form', { name: 'Edit short link' });
    await expect(form.getByTestId('edit-keeps-stats')).toHaveText(
      'Saving keeps the link’s clicks, statistics and history.',
    );
    await expect(form.getByLabel('Long URL', { exact: true })).toHaveValue('https://example.com/');
    await expect(form.getByLabel('Custom alias', { exact: true })).toHaveValue('demo');
    // The account's two pixels, mirrored while the service was there, are chosen by name.
    await openOptionGroups(form);
    await expect(form.getByTestId('pixel-picker').getByRole('checkbox')).toHaveCount(2);
    await form.getByLabel('Long URL', { exact: true }).fill('https://example.com/moved');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 10_000 });
    // Shown at once, offline.
    await expect(panel.getByTestId('detail-long-url')).toHaveAttribute('title', 'https://example.com/moved');
    expect(await outboxEntries(context.serviceWorkers()[0]!)).toMatchObject([{ kind: 'link', op: 'update' }]);

    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'sync.kick' }));
    await expectOutboxDrained(context.serviceWorkers()[0]!);
    const after = (await serverList<ServerLink>(server, '/api/urls', 'urls')).find((l) => l.id === before.id)!;
    expect(after).toMatchObject({ alias: 'demo', longurl: 'https://example.com/moved', clicks: before.clicks });
    // An edit of the same link, not a second link: the service still has the demo's three.
    const links = await serverList<ServerLink>(server, '/api/urls', 'urls');
    expect(links.filter((l) => l.longurl === 'https://example.com/moved')).toHaveLength(1);
    expect(links).toHaveLength(3);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a link's password is taken away in Edit by choosing so; an empty field keeps it", async ({
  context,
  server,
  extensionUrl,
}) => {
  const added = await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: 'https://example.com/members', custom: 'members', password: 'open sesame' }),
  });
  const { shorturl } = (await added.json()) as { shorturl: string };
  const opens = async () => (await fetch(shorturl, { redirect: 'manual' })).status;
  expect(await opens()).toBe(200); // the password form
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByTestId('link-row').filter({ hasText: 'members' }).first().click();
  const panel = page.getByTestId('link-detail');
  const edit = async () => {
    await panel.getByRole('button', { name: 'Edit' }).click();
    return page.getByTestId('edit-link-dialog').getByRole('form', { name: 'Edit short link' });
  };

  // Another change, the password field left empty: the password stays.
  let form = await edit();
  await form.getByLabel('Long URL', { exact: true }).fill('https://example.com/members/new');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('edit-link-dialog')).toHaveCount(0, { timeout: 10_000 });
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  expect(await opens()).toBe(200);

  form = await edit();
  await openOptionGroups(form);
  await form.getByLabel('Remove the password', { exact: true }).check();
  await expect(form.getByLabel('Password', { exact: true })).toBeDisabled();
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('edit-link-dialog')).toHaveCount(0, { timeout: 10_000 });
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  const opened = await fetch(shorturl, { redirect: 'manual' });
  expect(opened.status).toBe(302);
  expect(opened.headers.get('location')).toBe('https://example.com/members/new');
});

test('a link deleted from its details is gone from the service and the mirror', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const panel = await openDemoLink(page, extensionUrl('dashboard.html#/links'));
  await panel.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('stops working for everyone');
  await confirm(page);
  await expect(page.getByTestId('link-row')).toHaveCount(2);
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  const left = await serverList<ServerLink>(server, '/api/urls', 'urls');
  expect(left).toHaveLength(2);
  expect(left.some((l) => l.alias === 'demo')).toBe(false);
  await page.reload();
  await expect(page.getByTestId('link-row')).toHaveCount(2);
});

test('a QR code deleted from its details is gone from the service and the mirror', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  const detail = await qr.openDetail('Menu card');
  await detail.getByRole('button', { name: 'Delete QR code' }).click();
  await confirm(page);
  await expect(page.getByText('Menu card')).toHaveCount(0);
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  expect(await serverList(server, '/api/qr', 'qrs')).toHaveLength(0);
});

interface ServerQr {
  id: number;
  name: string;
  scans: number;
}

test('a QR code edited from its details keeps its scans; the form refuses what the create form refuses', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  const [before] = await serverList<ServerQr>(server, '/api/qr', 'qrs');
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  const detail = await qr.openDetail('Menu card');
  await detail.getByRole('button', { name: 'Edit', exact: true }).click();
  const form = page.getByTestId('edit-qr-dialog').getByRole('form', { name: 'Edit QR code' });
  await expect(form.getByTestId('qr-edit-keeps-scans')).toHaveText(
    'Saving keeps the code’s scans and statistics; what it encodes stays the same.',
  );
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Menu card');
  // Made on the service: its colours are not listed, so the form does not claim black on white.
  const chooseForeground = form.getByRole('button', { name: 'Choose a colour: Foreground colour' });
  await expect(chooseForeground).toHaveAccessibleDescription(
    'Made elsewhere: the service does not list its colours. Each stays as it is unless you choose one.',
  );
  await expect(form.getByText('Not known here')).toHaveCount(2);
  await expect(form.locator('input[type="color"]')).toHaveCount(0);
  // Choosing one gives a picker at the default; the other colour stays unknown.
  await chooseForeground.click();
  await expect(form.getByLabel('Foreground colour', { exact: true })).toHaveValue('#000000');
  await expect(form.getByText('Not known here')).toHaveCount(1);
  await form.getByLabel('Logo URL', { exact: true }).fill('logo.gif');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The logo is the path or http(s) URL of a .png or .jpg image.')).toBeVisible();
  await expect(form.getByLabel('Logo URL', { exact: true })).toBeFocused();
  expect(await outboxEntries(context.serviceWorkers()[0]!)).toEqual([]);
  await form.getByLabel('Logo URL', { exact: true }).fill('');
  await form.getByLabel('Name', { exact: true }).fill('Lunch menu');
  await keepScreenshot(page, 'qr-edit-form-en.png');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('edit-qr-dialog')).toHaveCount(0, { timeout: 10_000 });
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  const renamed = qr.row('Lunch menu');
  await expect(renamed.getByTestId('qr-edit-note')).toHaveText('Changes saved.');
  expect(await serverList<ServerQr>(server, '/api/qr', 'qrs')).toMatchObject([
    { id: before!.id, name: 'Lunch menu', scans: before!.scans },
  ]);
});

test.describe('in Arabic', () => {
  test.use({ uiLanguage: 'ar' });

  test("a QR code's edit form reads right to left, in its words", async ({ context, server, extensionUrl }) => {
    const words = await messagesOf('ar');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
    const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
    await qr.open();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const detail = await qr.openDetail('Menu card');
    await detail.getByRole('button', { name: words.qrEdit_edit, exact: true }).click();
    const form = page.getByTestId('edit-qr-dialog').getByRole('form', { name: words.qrEdit_heading });
    await expect(form.getByTestId('qr-edit-keeps-scans')).toHaveText(words.qrEdit_keepsScans!);
    await keepScreenshot(page, 'qr-edit-form-ar.png');
  });
});

test.describe('a service without edits', () => {
  test.use({ serverOptions: { edits: false } });

  test('one attempt, a plain message, the control disabled afterwards, nothing left queued', async ({
    context,
    server,
    extensionUrl,
  }) => {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    const worker = context.serviceWorkers()[0]!;
    const panel = await openDemoLink(page, extensionUrl('dashboard.html#/links'));

    await panel.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('edit-link-dialog').getByRole('form', { name: 'Edit short link' });
    // No pixels listed by this service: their ids are typed, as before.
    await expect(form.getByTestId('pixel-picker')).toHaveCount(0);
    await openOptionGroups(form);
    await expect(form.getByLabel('Tracking pixels', { exact: true })).toBeVisible();
    await form.getByLabel('Long URL', { exact: true }).fill('https://example.com/moved');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('edit-link-dialog')).toHaveCount(0, { timeout: 10_000 });
    await expect(panel.getByTestId('link-edit-absent')).toHaveText('This service does not allow editing short links.');
    await expect(panel.getByRole('button', { name: 'Edit' })).toBeDisabled();
    // The link shows what the service still has.
    await expect(panel.getByTestId('detail-long-url')).toHaveAttribute('title', 'https://example.com/');
    expect(await outboxEntries(worker)).toEqual([]);
    expect(await readMeta(page, 'capability:linkEdit')).toMatchObject({ value: 'absent' });

    await panel.getByRole('button', { name: 'Delete' }).click();
    await confirm(page);
    await expect(panel.getByTestId('link-edit-absent').nth(1)).toHaveText(
      'This service does not allow deleting short links.',
      { timeout: 10_000 },
    );
    await expect(panel.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await expect(page.getByTestId('link-row')).toHaveCount(3);
    expect(await outboxEntries(worker)).toEqual([]);

    const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
    await qr.open();
    const detail = await qr.openDetail('Menu card');
    await detail.getByRole('button', { name: 'Delete QR code' }).click();
    await confirm(page);
    await expect(detail.getByTestId('qr-absent')).toHaveText('This service does not allow deleting QR codes.', {
      timeout: 10_000,
    });
    await expect(detail.getByRole('button', { name: 'Delete QR code' })).toBeDisabled();
    expect(await outboxEntries(worker)).toEqual([]);
    // Ticked in the list, the code cannot be deleted there either, and the bar says why.
    await page.getByRole('checkbox', { name: 'Select Menu card' }).check();
    const bulkDelete = page
      .getByRole('region', { name: 'Selected QR codes' })
      .getByRole('button', { name: 'Delete', exact: true });
    await expect(bulkDelete).toBeDisabled();
    await expect(bulkDelete).toHaveAttribute('title', 'This service does not allow deleting QR codes.');
    await detail.getByRole('button', { name: 'Edit', exact: true }).click();
    const qrForm = page.getByTestId('edit-qr-dialog').getByRole('form', { name: 'Edit QR code' });
    await qrForm.getByLabel('Name', { exact: true }).fill('Lunch menu');
    await qrForm.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('edit-qr-dialog')).toHaveCount(0, { timeout: 10_000 });
    await expect(detail.getByTestId('qr-absent').first()).toHaveText('This service does not allow editing QR codes.');
    await expect(detail.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
    expect(await outboxEntries(worker)).toEqual([]);
    expect(await serverList<ServerQr>(server, '/api/qr', 'qrs')).toMatchObject([{ name: 'Menu card' }]);
    expect(await serverList(server, '/api/qr', 'qrs')).toHaveLength(1);
    expect(await serverList(server, '/api/urls', 'urls')).toHaveLength(3);
  });
});
