import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { catalogueMessages } from '../../store/catalogues';
import { expect, test } from '../e2e/fixtures';
import { connectIn, openTab } from '../e2e/support';

// `npm run store:assets`: the listing's images and words, written into store/ from the built extension
// with the demo account's data: 1280×800 screenshots of the popup and the dashboard in each language,
// the 440×280 promo tile, the 128-px icon with its padding, and the listing text from the catalogues.
const STORE = path.resolve('store');
const SCREENSHOTS = path.join(STORE, 'screenshots');
const ICON = `data:image/png;base64,${readFileSync('public/icon/128.png').toString('base64')}`;
// A page a person would shorten, answered by the test itself (nothing listens there; the popup shows
// its title and short link, not its address).
const ARTICLE = 'http://127.0.0.1:9/blog/spring-launch';
const SHORT_HOST = 'https://lnk.example';

test.use({ serverOptions: { publicUrl: SHORT_HOST } });

/** Renders `html` on a page of exactly `width`×`height` and writes its picture to `file`. */
async function picture(page: Page, width: number, height: number, html: string, file: string, transparent = false) {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<!doctype html><html><head><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden;font-family:system-ui,sans-serif}</style></head><body>${html}</body></html>`,
  );
  await page.evaluate(() => Promise.all([...document.images].map((img) => img.decode())));
  await page.screenshot({ path: file, omitBackground: transparent });
}

for (const locale of ['en', 'de', 'fr', 'es', 'ar']) {
  test.describe(`in ${locale}`, () => {
    test.use({ uiLanguage: locale });

    test('the listing screenshots and text', async ({ context, server, worker, extensionUrl }) => {
      mkdirSync(SCREENSHOTS, { recursive: true });
      mkdirSync(path.join(STORE, 'listing'), { recursive: true });
      const words = await catalogueMessages(locale);
      const rtl = words.locale_dir === 'rtl';
      await context.route(`${ARTICLE}*`, (route) =>
        route.fulfill({
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><title>Spring launch: everything new</title><h1>Spring launch</h1>',
        }),
      );

      const dashboard = await context.newPage();
      await dashboard.setViewportSize({ width: 1280, height: 800 });
      await connectIn(dashboard, extensionUrl('dashboard.html#/settings'), server, words);

      const { tabId } = await openTab(context, worker, ARTICLE);
      const popup = await context.newPage();
      await popup.setViewportSize({ width: 400, height: 600 });
      await popup.goto(`${extensionUrl('popup.html')}?tab=${tabId}`);
      await popup.getByRole('button', { name: words.shorten_formLabel, exact: true }).click();
      await expect(popup.getByTestId('short-url')).toContainText('lnk.example');
      // The link as the service made it: its statistics read and its channel and campaign offered,
      // in every language alike, not whichever step the popup had reached.
      await expect(popup.getByTestId('stats-updated')).toBeVisible({ timeout: 20_000 });
      await expect(popup.getByTestId('assign')).toBeVisible();
      await popup.mouse.move(0, 0);
      const popupImage = (await popup.screenshot()).toString('base64');
      // The popup at its own size on a calm backdrop, beside the listing's summary in this language.
      await picture(
        popup,
        1280,
        800,
        `<div dir="${rtl ? 'rtl' : 'ltr'}" style="display:flex;align-items:center;justify-content:center;gap:72px;height:100%;background:linear-gradient(135deg,#eef2ff,#e0f2fe)">
          <div style="max-width:520px;color:#1e293b">
            <img src="${ICON}" width="72" height="72" alt="">
            <h1 style="font-size:52px;margin:20px 0 16px">${words.manifest_name}</h1>
            <p style="font-size:26px;line-height:1.4;margin:0">${words.manifest_description}</p>
          </div>
          <img src="data:image/png;base64,${popupImage}" width="400" height="600" alt="" style="border-radius:12px;box-shadow:0 24px 60px rgba(15,23,42,.25)">
        </div>`,
        path.join(SCREENSHOTS, `${locale}-popup.png`),
      );

      // The dashboard with the account's links, the one just made among them, never its empty state.
      await dashboard.goto(extensionUrl('dashboard.html#/links'));
      await expect(dashboard.getByTestId('link-row').filter({ hasText: 'Spring launch' })).toBeVisible({
        timeout: 20_000,
      });
      await expect(dashboard.getByTestId('link-row')).not.toHaveCount(1);
      await dashboard.mouse.move(0, 0);
      await dashboard.screenshot({ path: path.join(SCREENSHOTS, `${locale}-dashboard.png`) });

      const listing = {
        name: words.manifest_name,
        summary: words.manifest_description,
        description: [
          words.welcome_doesShorten,
          words.welcome_doesMirror,
          words.welcome_doesSync,
          words.welcome_offline,
        ].join('\n\n'),
      };
      writeFileSync(path.join(STORE, 'listing', `${locale}.json`), `${JSON.stringify(listing, null, 2)}\n`);
    });
  });
}

test('the promo tile and the store icon', async ({ context }) => {
  const words = await catalogueMessages('en');
  const page = await context.newPage();
  await picture(
    page,
    440,
    280,
    `<div style="display:flex;flex-direction:column;justify-content:center;gap:14px;height:100%;padding:0 36px;box-sizing:border-box;background:linear-gradient(135deg,#4f46e5,#0ea5e9);color:white">
      <div style="display:flex;align-items:center;gap:16px"><img src="${ICON}" width="64" height="64" alt=""><span style="font-size:40px;font-weight:700">${words.manifest_name}</span></div>
      <p style="font-size:20px;line-height:1.35;margin:0">${words.manifest_description}</p>
    </div>`,
    path.join(STORE, 'promo-440x280.png'),
  );
  // Chrome's store icon: 96×96 of artwork in a 128×128 square, 16 px of transparent padding around it.
  await picture(
    page,
    128,
    128,
    `<img src="${ICON}" width="96" height="96" alt="" style="display:block;margin:16px">`,
    path.join(STORE, 'icon-128.png'),
    true,
  );
});
