import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectExtension } from './support';

// The links table as a designer ships it: as wide as the window, its head in view while the rows
// scroll, and long addresses beside it shortened in their middle with the whole in a tooltip.

const LONG = 'https://docs.example.com/guides/getting-started/installation/linux/debian-and-ubuntu/final-step.html';

test('the table fills the window, keeps its head in view, and shortens long addresses in their middle', async ({
  context,
  server,
  extensionUrl,
}) => {
  for (let i = 0; i < 14; i++) {
    const response = await fetch(`${server.url}/api/url/add`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: i === 0 ? LONG : `https://example.org/page-${i}`, custom: `row-${i}` }),
    });
    expect(response.status).toBe(200);
  }
  const page = await context.newPage();
  await page.setViewportSize({ width: 1600, height: 900 });
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('links-count')).toContainText('17');

  // As wide as the window allows (sidebar and margins aside), not held at a reading width.
  const viewport = page.getByTestId('links-viewport');
  const box = (await viewport.boundingBox())!;
  expect(box.width).toBeGreaterThan(1600 - 232 - 2 * 32 - 4);

  // Scrolled down, the head is still at the top of the table.
  const head = page.locator('.link-table thead');
  await viewport.evaluate((el) => el.scrollTo({ top: 300 }));
  await expect(page.getByTestId('link-row').filter({ hasText: 'row-0' })).toHaveCount(1);
  await expect.poll(async () => Math.round((await head.boundingBox())!.y - box.y)).toBeLessThanOrEqual(1);
  await expect(head.getByRole('columnheader').first()).toBeInViewport();

  // The long URL beside the table keeps its start and its end; the whole is in the tooltip.
  await viewport.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await page.getByTestId('link-row').filter({ hasText: 'docs.example.com' }).click();
  const goesTo = page.getByTestId('detail-long-url');
  await expect(goesTo).toHaveAttribute('title', LONG);
  const shown = (await goesTo.innerText()).trim();
  expect(shown).toMatch(/^docs\.example\.com\/.+….+final-step\.html$/);
  await keepScreenshot(page, 'links-table-detail.png');
});
