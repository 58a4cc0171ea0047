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
import { connectExtension, connectIn, openOptionGroups, outboxEntries, serverList } from './support';

interface ServerPixel {
  id: number;
  type: string;
  name: string;
  tag: string;
}

const confirm = (page: Page) => page.getByTestId('confirm-dialog').getByRole('button', { name: 'Delete' }).click();

test('a pixel deleted in the Pixels section is gone from the service and the mirror, after being asked', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const listed = await serverList<ServerPixel>(server, '/api/pixels', 'pixels');
  expect(listed).toHaveLength(2);
  await page.goto(extensionUrl('dashboard.html#/pixels'));
  await page.getByRole('navigation').getByRole('link', { name: 'Pixels' }).click();
  const rows = page.getByTestId('pixel-row');
  await expect(rows).toHaveCount(2);
  const [gone, kept] = listed;
  const row = rows.filter({ hasText: gone!.name });
  await expect(row).toContainText(gone!.tag);

  // Cancelled, nothing happens.
  await row.getByRole('button', { name: `Delete pixel “${gone!.name}”` }).click();
  await expect(page.getByTestId('confirm-dialog')).toContainText('no link reports its visits to it');
  await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(2);
  expect(await outboxEntries(context.serviceWorkers()[0]!)).toEqual([]);

  await row.getByRole('button', { name: `Delete pixel “${gone!.name}”` }).click();
  await confirm(page);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(kept!.name);
  await expectOutboxDrained(context.serviceWorkers()[0]!);
  expect((await serverList<ServerPixel>(server, '/api/pixels', 'pixels')).map((p) => p.id)).toEqual([kept!.id]);
  await page.reload();
  await expect(page.getByTestId('pixel-row')).toHaveCount(1);
  expect(await readMeta(page, 'capability:pixelDelete')).toBeUndefined();
});

test('a pixel added offline is listed at once, renamed before the service is back, and made there once', async ({
  context,
  extensionUrl,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-pixels-'));
  const dbFile = path.join(dir, 'service.sqlite');
  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await connectExtension(page, extensionUrl, server);
    await page.goto(extensionUrl('dashboard.html#/pixels'));
    const rows = page.getByTestId('pixel-row');
    await expect(rows).toHaveCount(2);
    await server.close();

    await page.getByRole('button', { name: 'New pixel' }).click();
    const dialog = page.getByTestId('pixel-dialog');
    const form = dialog.getByTestId('pixel-form');
    // Checked before anything is queued, each problem at its field.
    await form.getByRole('button', { name: 'Add pixel' }).click();
    await expect(form.getByText('Give the pixel a name.')).toBeVisible();
    await expect(form.getByText('Enter the pixel’s ID at its network.')).toBeVisible();
    await form.getByLabel('Network', { exact: true }).selectOption('linkedin');
    await form.getByLabel('Name', { exact: true }).fill('LinkedIn insight');
    await form.getByLabel('Pixel ID', { exact: true }).fill('12345');
    await form.getByRole('button', { name: 'Add pixel' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 10_000 });
    const added = rows.filter({ hasText: 'LinkedIn insight' });
    await expect(added).toContainText('LinkedIn');
    await expect(added).toContainText('12345');
    await expect(added.getByTestId('sync-state')).toHaveAttribute('data-state', 'pending');
    await expect(page.getByTestId('pixels-note')).toHaveText('Saved here; it is sent when the service can be reached.');

    // Renamed while the add still waits. The add was tried and met no service: it may have been made,
    // so the rename follows it on its own rather than changing what its look-up searches for.
    await added.getByRole('button', { name: 'Edit pixel “LinkedIn insight”' }).click();
    await expect(form.getByLabel('Name', { exact: true })).toHaveValue('LinkedIn insight');
    await expect(form).toContainText('The links that use this pixel keep it.');
    await keepScreenshot(page, 'pixel-edit-form-en.png');
    await form.getByLabel('Name', { exact: true }).fill('LinkedIn tag');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 10_000 });
    await expect(rows.filter({ hasText: 'LinkedIn tag' })).toHaveCount(1);
    expect(await outboxEntries(context.serviceWorkers()[0]!)).toMatchObject([
      { kind: 'pixel', op: 'create', ambiguous: true },
      { kind: 'pixel', op: 'update' },
    ]);

    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    await page.evaluate(() => chrome.runtime.sendMessage({ type: 'sync.kick' }));
    await expectOutboxDrained(context.serviceWorkers()[0]!);
    const listed = await serverList<ServerPixel>(server, '/api/pixels', 'pixels');
    expect(listed).toHaveLength(3);
    expect(listed.filter((p) => p.type === 'linkedin')).toMatchObject([{ name: 'LinkedIn tag', tag: '12345' }]);
    await expect(rows.filter({ hasText: 'LinkedIn tag' }).getByTestId('sync-state')).toHaveCount(0);
    await keepScreenshot(page, 'pixels-section-en.png');

    // Renamed on the service: the same pixel, the links that use it keep it.
    await rows.filter({ hasText: 'LinkedIn tag' }).getByRole('button', { name: 'Edit pixel “LinkedIn tag”' }).click();
    await form.getByLabel('Name', { exact: true }).fill('LinkedIn insight tag');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toHaveCount(0, { timeout: 10_000 });
    await expectOutboxDrained(context.serviceWorkers()[0]!);
    const renamed = await serverList<ServerPixel>(server, '/api/pixels', 'pixels');
    expect(renamed.filter((p) => p.type === 'linkedin')).toMatchObject([
      { id: listed.find((p) => p.type === 'linkedin')!.id, name: 'LinkedIn insight tag' },
    ]);
    // Chosen by name in a link's form, with its network.
    await page.goto(extensionUrl('dashboard.html#/links'));
    await page.getByRole('button', { name: 'New link' }).click();
    await expect(page.getByTestId('pixel-picker')).toContainText('LinkedIn insight tag (LinkedIn)');
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('a service without pixels', () => {
  test.use({ serverOptions: { edits: false } });

  test('says so in the section and the link form; an add is tried once, taken back, and the control disabled', async ({
    context,
    server,
    extensionUrl,
  }) => {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    const worker = context.serviceWorkers()[0]!;
    await page.goto(extensionUrl('dashboard.html#/pixels'));
    // Learnt from the list's answer.
    await expect(page.getByTestId('pixels-absent')).toHaveText('This service does not offer tracking pixels.');
    expect(await readMeta(page, 'capability:pixels')).toMatchObject({ value: 'absent' });

    await page.getByRole('button', { name: 'New pixel' }).click();
    const form = page.getByTestId('pixel-dialog').getByTestId('pixel-form');
    await form.getByLabel('Name', { exact: true }).fill('Shop');
    await form.getByLabel('Pixel ID', { exact: true }).fill('fb-1');
    await form.getByRole('button', { name: 'Add pixel' }).click();
    await expect(page.getByTestId('pixel-dialog')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByTestId('pixels-absent').nth(1)).toHaveText(
      'This service does not allow adding tracking pixels.',
      { timeout: 10_000 },
    );
    await expect(page.getByRole('button', { name: 'New pixel' })).toBeDisabled();
    await expect(page.getByTestId('pixel-row')).toHaveCount(0);
    expect(await outboxEntries(worker)).toEqual([]);
    expect(await readMeta(page, 'capability:pixelAdd')).toMatchObject({ value: 'absent' });

    await page.goto(extensionUrl('dashboard.html#/links'));
    await page.getByRole('button', { name: 'New link' }).click();
    await openOptionGroups(page.getByRole('form', { name: 'New short link' }));
    await expect(page.getByText('This service does not list tracking pixels: enter their numbers.')).toBeVisible();
  });
});

test.describe('in Arabic', () => {
  test.use({ uiLanguage: 'ar' });

  test('the section and its form read right to left, in its words', async ({ context, server, extensionUrl }) => {
    const words = await messagesOf('ar');
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
    await page.goto(extensionUrl('dashboard.html#/pixels'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { name: words.pixelsPage_title, exact: true })).toBeVisible();
    await expect(page.getByTestId('pixel-row')).toHaveCount(2);
    await keepScreenshot(page, 'pixels-section-ar.png');
    await page.getByRole('button', { name: words.pixelsPage_new }).click();
    const form = page.getByTestId('pixel-form');
    await form.getByRole('button', { name: words.pixelsPage_add }).click();
    await expect(form.getByText(words.input_pixel_name!)).toBeVisible();
    await keepScreenshot(page, 'pixel-form-ar.png');
  });
});
