import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectExtension } from './support';

// The Links header holds the look-up, one export menu, Shorten many and New link on one row, in
// every state of the look-up: its message stands under the field and goes when it no longer applies.

test('the look-up says what it found under its field, and the header keeps one row', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row')).toHaveCount(3);
  const heading = page.getByRole('heading', { name: 'Links', level: 2 });
  const newLink = page.getByRole('button', { name: 'New link' });
  const field = page.getByLabel('Look up a short URL');
  const sameRow = async () => {
    const a = (await heading.boundingBox())!;
    const b = (await newLink.boundingBox())!;
    expect(Math.abs(a.y + a.height / 2 - (b.y + b.height / 2))).toBeLessThan(4);
  };
  await sameRow();

  await field.fill(`${server.url}/no-such-link`);
  await page.getByRole('button', { name: 'Look up' }).click();
  const message = page.getByText('No link with that short URL.');
  await expect(message).toBeVisible();
  await expect(field).toHaveAccessibleDescription('No link with that short URL.');
  await sameRow();
  // Under the field, not beside the buttons.
  const under = (await message.boundingBox())!;
  const box = (await field.boundingBox())!;
  expect(under.y).toBeGreaterThanOrEqual(box.y + box.height - 1);
  await keepScreenshot(page, 'links-header-lookup-none.png');

  // Editing the field takes the message away; a look-up that finds the link opens it, with no message.
  await field.fill(`${server.url}/demo`);
  await expect(message).toHaveCount(0);
  await field.fill(`${server.url}/no-such-link`);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(message).toBeVisible();
  await page.getByTestId('link-row').first().click();
  await field.fill(`${server.url}/demo`);
  await page.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('detail-short-url')).toHaveText(`${server.url.replace('http://', '')}/demo`);
  await expect(message).toHaveCount(0);
  await expect(field).not.toHaveAttribute('aria-describedby');

  // One Export menu for both formats: opened from the keyboard, closed with Escape.
  const exportButton = page.getByRole('button', { name: 'Export', exact: true });
  await exportButton.focus();
  await page.keyboard.press('Enter');
  await expect(exportButton).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('menuitem', { name: 'Export CSV' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Export JSON' })).toBeFocused();
  await keepScreenshot(page, 'links-header-export.png');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(exportButton).toBeFocused();
});
