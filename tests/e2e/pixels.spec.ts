import type { Page } from '@playwright/test';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { readMeta } from './meta';
import { connectExtension, outboxEntries, serverList } from './support';

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
  await expect(row).toContainText(gone!.type);

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
