import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { DashboardPage } from './pages/DashboardPage';
import { connectExtension } from './support';

// Several links at once: ticked from the keyboard or the mouse (Shift ticks a range), then put into
// a channel or a campaign (one queued change per link) or exported, and the selection cleared.

test('links ticked in the table go into a channel and a campaign together, and export alone', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  const rows = page.getByTestId('link-row');
  await expect(rows).toHaveCount(3);
  const bar = page.getByRole('region', { name: 'Selected links' });
  await expect(bar).toHaveCount(0);

  // The keyboard: the first row's box, ticked with Space; opening a link is not what Space does there.
  const first = rows.nth(0).getByRole('checkbox');
  await first.focus();
  await page.keyboard.press('Space');
  await expect(first).toBeChecked();
  await expect(bar.getByTestId('selection-count')).toHaveText('1 selected');
  await expect(page.getByTestId('detail-short-url')).toHaveCount(0);
  // Shift-click the last: the range between them.
  await rows
    .nth(2)
    .getByRole('checkbox')
    .click({ modifiers: ['Shift'] });
  await expect(bar.getByTestId('selection-count')).toHaveText('3 selected');
  await expect(page.getByRole('checkbox', { name: 'Select all 3 links shown' })).toBeChecked();
  await keepScreenshot(page, 'links-selection.png');
  await expectAccessible(page);

  // Export the selection: the three, and only them.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    bar
      .getByRole('button', { name: 'Export', exact: true })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Export JSON' }).click()),
  ]);
  expect((JSON.parse(readFileSync((await download.path())!, 'utf8')) as unknown[]).length).toBe(3);

  // Into a campaign, one change per link; asked again, the mirror knows they are in it and sends nothing.
  await bar.getByRole('button', { name: 'Add to campaign' }).click();
  await page.getByRole('menuitem', { name: 'Launch week' }).click();
  await expect(bar.getByTestId('selection-said')).toHaveText('3 links are being added to Launch week.');
  await bar.getByRole('button', { name: 'Add to campaign' }).click();
  await page.getByRole('menuitem', { name: 'Launch week' }).click();
  await expect(bar.getByTestId('selection-said')).toHaveText('They are all in Launch week already.');
  await bar.getByRole('button', { name: 'Add to channel' }).click();
  await page.getByRole('menuitem', { name: 'Social' }).click();
  await expect(bar.getByTestId('selection-said')).toHaveText(/links? (is|are) being added to Social\./);

  // Unticking one by the header box's half state, then clearing.
  await rows.nth(1).getByRole('checkbox').click();
  await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');
  expect(await page.getByTestId('pick-all').evaluate((b) => (b as HTMLInputElement).indeterminate)).toBe(true);
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0);

  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.expectInSync();
  const campaign = server.db.prepare("SELECT id FROM campaigns WHERE name = 'Launch week'").get() as { id: number };
  const channel = server.db.prepare("SELECT id FROM channels WHERE name = 'Social'").get() as { id: number };
  const inCampaign = server.db.prepare('SELECT COUNT(*) AS n FROM links WHERE campaign_id = ?').get(campaign.id) as {
    n: number;
  };
  expect(inCampaign.n).toBe(3);
  const inChannel = server.db
    .prepare("SELECT COUNT(*) AS n FROM channel_items WHERE channel_id = ? AND type = 'links'")
    .get(channel.id) as { n: number };
  expect(inChannel.n).toBe(3);
});

test('links ticked in the table are deleted together after asking, here at once and then on the service', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  const rows = page.getByTestId('link-row');
  await expect(rows).toHaveCount(3);
  // The kept link, by its short address: the row's other cells (its gain) may fill in meanwhile.
  const shortOf = (row: typeof rows) => row.locator('.link-text-short');
  const kept = await shortOf(rows.nth(1)).getAttribute('data-whole');
  await rows.nth(0).getByRole('checkbox').click();
  await rows.nth(2).getByRole('checkbox').click();
  const bar = page.getByRole('region', { name: 'Selected links' });
  await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');

  // Asked first: Cancel leaves everything as it was.
  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 2 short links?' });
  await expect(dialog).toContainText('This cannot be undone.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows).toHaveCount(3);
  await expect(bar.getByTestId('selection-count')).toHaveText('2 selected');

  await bar.getByRole('button', { name: 'Delete', exact: true }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(bar).toHaveCount(0);
  await expect(shortOf(rows.first())).toHaveAttribute('data-whole', kept!);

  await new DashboardPage(page, extensionUrl('dashboard.html')).expectInSync();
  const left = server.db.prepare('SELECT COUNT(*) AS n FROM links').get() as { n: number };
  expect(left.n).toBe(1);
});
