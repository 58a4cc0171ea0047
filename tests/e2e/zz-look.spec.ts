import { test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { connectExtension, openTab } from './support';
import { startWebPages } from './web-pages';

test('look', async ({ context, server, worker, extensionUrl }) => {
  const web = await startWebPages();
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectExtension(page, extensionUrl, server);
  await page.screenshot({ path: '/tmp/shots/settings.png', fullPage: true });
  for (const s of ['links', 'channels', 'campaigns', 'qr', 'domains', 'catalog', 'account', 'sync']) {
    await page.goto(extensionUrl(`dashboard.html#/${s}`));
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/dash-${s}.png`, fullPage: true });
  }
  const { tabId } = await openTab(context, worker, web.url('/some-article'));
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await popup.openFor(tabId);
  await popup.page.waitForTimeout(800);
  await popup.page.screenshot({ path: '/tmp/shots/popup-new.png' });
  await popup.shortenButton().click();
  await popup.page.waitForTimeout(1500);
  await popup.page.screenshot({ path: '/tmp/shots/popup-short.png' });
  await web.close();
});
