import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { expectFirstCopyDone } from './meta';
import { connectExtension, makeLink } from './support';

/**
 * A link's statistics in the person's language: the service's own bucket of direct visits and the
 * social networks in catalogue words, long country names wrapped with their counts in view.
 */

async function visit(shorturl: string, times: number, headers: Record<string, string>) {
  for (let i = 0; i < times; i++) {
    const answer = await fetch(shorturl, { redirect: 'manual', headers });
    expect(answer.status).toBeGreaterThanOrEqual(300);
  }
}

for (const { language, code, dir, direct, longCountry, network } of [
  {
    language: 'en-US',
    code: 'en',
    dir: 'ltr',
    direct: 'Direct, e-mail and other',
    longCountry: 'St. Vincent & Grenadines',
    network: 'X (Twitter)',
  },
  {
    language: 'de',
    code: 'de',
    dir: 'ltr',
    direct: 'Direkt, E-Mail und andere',
    longCountry: 'St. Vincent und die Grenadinen',
    network: 'X (Twitter)',
  },
  {
    language: 'ar',
    code: 'ar',
    dir: 'rtl',
    direct: 'مباشر وبريد إلكتروني وغير ذلك',
    longCountry: null,
    network: 'إكس (تويتر)',
  },
]) {
  test.describe(`in ${language}`, () => {
    test.use({ uiLanguage: language });

    test(`a link's statistics in ${code}: the service's labels in its words, long names whole with their counts`, async ({
      context,
      server,
      extensionUrl,
      web,
    }) => {
      const shorturl = await makeLink(server, web.url(`/stats-${code}`), `stats-${code}`);
      await visit(shorturl, 3, { 'x-country': 'VC', Referer: 'https://www.news.example/story' });
      await visit(shorturl, 2, { 'x-country': 'US' });
      await visit(shorturl, 1, { 'x-country': 'BA', Referer: 'https://twitter.com/someone' });
      const page = await context.newPage();
      await page.setViewportSize({ width: 1280, height: 900 });
      await connectExtension(page, extensionUrl, server);
      await expectFirstCopyDone(page);
      await page.goto(extensionUrl('dashboard.html#/links'));
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await page
        .getByTestId('link-row')
        .filter({ hasText: `stats-${code}` })
        .click();
      const detail = page.getByTestId('link-detail');
      const tallies = detail.locator('.tallies');
      await expect(tallies.locator('.tally-label', { hasText: direct })).toBeVisible();
      await expect(detail.getByText('Direct, email and other')).toHaveCount(0);
      await expect(tallies.locator('.tally-label', { hasText: network })).toBeVisible();
      // Every row's count is in view, inside its row, however long the name.
      for (const row of await tallies.locator('li.tally').all()) {
        const count = row.locator('> .tally-count');
        await expect(count).toBeVisible();
        const [rowBox, countBox] = [await row.boundingBox(), await count.boundingBox()];
        expect(countBox!.x).toBeGreaterThanOrEqual(rowBox!.x - 1);
        expect(countBox!.x + countBox!.width).toBeLessThanOrEqual(rowBox!.x + rowBox!.width + 1);
      }
      if (longCountry) {
        const label = tallies.locator('.tally-label', { hasText: longCountry });
        // Whole: not cut, whatever lines it takes.
        await expect(label).toHaveText(new RegExp(`${longCountry.replace(/[.&]/g, '\\$&')}$`));
        expect(await label.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      }
      await keepScreenshot(detail, `stats-${code}.png`);
    });
  });
}
