import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { connectExtension, openTab } from './support';

test('the popup and the dashboard sections pass an axe check', async ({ context, server, worker, extensionUrl }) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await expectAccessible(page);
  for (const section of ['channels', 'domains', 'sync']) {
    await page.goto(extensionUrl(`dashboard.html#/${section}`));
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page);
  }
  const { tabId } = await openTab(context, worker, `${server.url}/campaign/1`);
  const popup = await context.newPage();
  await popup.goto(extensionUrl(`popup.html?tab=${tabId}`));
  await expect(popup.getByTestId('recent-links')).toHaveAttribute('data-ready', 'true');
  await popup.getByRole('button', { name: 'More options' }).click();
  await expectAccessible(popup);
});
