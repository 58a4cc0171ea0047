import { messagesOf } from '../unit/i18n/catalogue';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectIn, openOptionGroups } from './support';

// Geo, device and language targets are picked from lists named in the interface's language, and the
// service gets the codes: German names in, ISO codes out.

test.use({ uiLanguage: 'de' });

test('targets picked by their German names reach the service as codes', async ({ context, server, extensionUrl }) => {
  const words = await messagesOf('de');
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectIn(page, extensionUrl('dashboard.html#/settings'), server, words);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row')).toHaveCount(3);
  await page.getByRole('button', { name: words.linkTablePage_newLink, exact: true }).first().click();
  const form = page.getByRole('dialog');
  await form.getByLabel(words.newLink_longUrl!, { exact: true }).fill('https://example.com/targeted');
  await openOptionGroups(form);
  for (const add of [words.target_country_add, words.target_device_add, words.target_language_add])
    await form.getByRole('button', { name: add, exact: true }).click();
  const pickers = form.getByTestId('target-choice');
  const [country, device, language] = [pickers.nth(0), pickers.nth(1), pickers.nth(2)];
  // Each field offers its list (the browser's own suggestions), in German.
  const offered = (field: typeof country) =>
    field.evaluate((input) => [...((input as HTMLInputElement).list?.options ?? [])].map((o) => o.value));
  expect(await offered(country)).toContain('Deutschland');
  expect(await offered(country)).not.toContain('Germany');
  expect(await offered(device)).toContain('iPhone');
  expect(await offered(language)).toContain('Englisch');
  await country.fill('Deutschland');
  await device.fill('iPhone');
  await language.fill('Englisch');
  const links = form.getByLabel(/^Link \d/);
  await links.nth(0).fill('https://example.de/');
  await links.nth(1).fill('https://example.com/ios');
  await links.nth(2).fill('https://example.com/en');
  await country.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'targeting-de.png');
  await expectAccessible(page);
  await form.getByRole('button', { name: words.newLinkForm_createShortLink, exact: true }).click();
  await expect(page.getByTestId('detail-short-url')).toBeVisible({ timeout: 15_000 });

  await expect
    .poll(() =>
      server.db.prepare("SELECT COUNT(*) AS n FROM links WHERE longurl = 'https://example.com/targeted'").get(),
    )
    .toEqual({ n: 1 });
  const row = server.db
    .prepare("SELECT geotarget, devicetarget, languagetarget FROM links WHERE longurl = 'https://example.com/targeted'")
    .get() as { geotarget: string; devicetarget: string; languagetarget: string };
  expect(JSON.parse(row.geotarget)).toEqual([{ location: 'DE', link: 'https://example.de/' }]);
  expect(JSON.parse(row.devicetarget)).toEqual([{ device: 'iPhone', link: 'https://example.com/ios' }]);
  expect(JSON.parse(row.languagetarget)).toEqual([{ language: 'en', link: 'https://example.com/en' }]);
});
