import { readFileSync } from 'node:fs';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { connectExtension, openOptionGroups, serverList } from './support';

test('links: create with many fields, exactly as sent; bad input is refused in place', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row')).toHaveCount(3);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'New link' }).click();
  const form = page.getByRole('form', { name: 'New short link' });
  await openOptionGroups(form);
  for (const [url, message] of [
    ['example.com/x', 'Enter a full URL starting with https:// or http://.'],
    ['javascript:alert(1)', 'Only http and https URLs can be used, not javascript:.'],
  ] as const) {
    await form.getByLabel('Long URL', { exact: true }).fill(url);
    await form.getByRole('button', { name: 'Create short link' }).click();
    await expect(form.getByText(message)).toBeVisible();
  }
  await form.getByLabel('Long URL', { exact: true }).fill('https://example.com/full-form');
  await form.getByLabel('Custom alias', { exact: true }).fill('bad alias');
  await form.getByRole('button', { name: 'Create short link' }).click();
  await expect(form.getByText('An alias may use only letters a–z, digits, - and _.')).toBeVisible();
  await form.getByLabel('Custom alias', { exact: true }).fill('full-form');
  // A corrected field loses its error at once, before the next save; the others keep theirs until then.
  await expect(form.getByText('An alias may use only letters a–z, digits, - and _.')).toHaveCount(0);
  await expect(form.getByLabel('Custom alias', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Expires').fill('2001-01-01T00:00');
  await form.getByRole('button', { name: 'Add country' }).click();
  await form.getByLabel(/^Country 1/).fill('DE');
  await form.getByRole('button', { name: 'Create short link' }).click();
  await expect(form.getByText('The expiry must lie in the future.')).toBeVisible();
  await expect(form.getByText('Enter a URL.')).toBeVisible();
  expect((await serverList<{ alias: string }>(server, '/api/urls', 'urls')).some((l) => l.alias === 'full-form')).toBe(
    false,
  );

  // The picker is in the person's time zone (UTC in these tests); the service gets UTC.
  await form.getByLabel('Expires').fill('2099-01-01T10:00');
  await form.getByLabel(/^Link 1/).fill('https://example.de/');
  await form.getByRole('button', { name: 'Add parameter' }).click();
  await form.getByLabel(/^Parameter 1/).fill('utm_source');
  await form.getByLabel(/^Value 1/).fill('dashboard');
  await form.getByLabel('Status', { exact: true }).selectOption('public');
  await form.getByLabel('Channel', { exact: true }).selectOption({ label: 'News' });
  await form.getByLabel('Campaign', { exact: true }).selectOption({ label: 'Launch week' });
  await form.getByLabel('Title in previews').fill('Full form');
  await form.getByRole('button', { name: 'Create short link' }).click();
  await expect(page.getByTestId('detail-short-url')).toHaveText(`${server.url.replace('http://', '')}/full-form`, {
    timeout: 15_000,
  });

  const created = (await (
    await fetch(`${server.url}/api/urls?short=full-form`, { headers: { Authorization: `Bearer ${server.apiKey}` } })
  ).json()) as { id: number; details: { expiry: string; location: Record<string, string>; title: string } };
  expect(created.details).toMatchObject({
    expiry: '2099-01-01 10:00:00',
    location: { DE: 'https://example.de/' },
    title: 'Full form',
  });
  const row = server.db.prepare('SELECT status, parameters, campaign_id FROM links WHERE id = ?').get(created.id) as {
    status: string;
    parameters: string;
    campaign_id: number;
  };
  expect(row.status).toBe('public');
  expect(JSON.parse(row.parameters)).toEqual([{ name: 'utm_source', value: 'dashboard' }]);
  expect(row.campaign_id).toBeGreaterThan(0);
  const news = (await serverList<{ id: number; name: string }>(server, '/api/channels', 'channels')).find(
    (c) => c.name === 'News',
  )!;
  expect((await serverList<{ id: number }>(server, `/api/channel/${news.id}`, 'items')).map((i) => i.id)).toContain(
    created.id,
  );
});

test('links: sort, search, filter, details with charts from real clicks, look-up and export', async ({
  context,
  server,
  extensionUrl,
}) => {
  const makeLink = async (url: string, custom: string) =>
    (await (
      await fetch(`${server.url}/api/url/add`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url, custom, metatitle: `Title ${custom}` }),
      })
    ).json()) as { shorturl: string };
  const popular = await makeLink('https://example.com/popular', 'popular');
  await makeLink('https://example.com/quiet', 'quiet');
  for (const country of ['DE', 'DE', 'DE', 'FR'])
    await fetch(popular.shorturl, {
      redirect: 'manual',
      headers: { 'x-country': country, Referer: 'https://www.reddit.com/r/x' },
    });

  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  await page.goto(extensionUrl('dashboard.html#/links'));
  await expect(page.getByTestId('link-row')).toHaveCount(5);
  await page.getByLabel('Sort by').selectOption('clicks');
  await expect(page.getByTestId('link-row').first()).toContainText('popular');
  await page.getByLabel('Search').fill('quiet');
  await expect(page.getByTestId('link-row')).toHaveCount(1);
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Campaign').selectOption({ label: 'Launch week' });
  await expect(page.getByTestId('link-row')).toHaveCount(0);
  await page.getByLabel('Campaign').selectOption('');
  await page.getByLabel('Channel').selectOption({ label: 'News' });
  await expect(page.getByTestId('link-row')).toHaveCount(1);
  await page.getByLabel('Channel').selectOption('');

  await page.getByLabel('Look up a short URL').fill(popular.shorturl);
  await page.getByRole('button', { name: 'Look up' }).click();
  const detail = page.getByTestId('link-detail');
  await expect(detail.getByTestId('clicks')).toHaveText('4');
  await expect(detail.getByRole('region', { name: 'Countries' })).toContainText('Germany');
  // The sites the clicks came from, and of those the social networks: each click counted once.
  const sources = detail.getByRole('region', { name: 'Sources' });
  await expect(sources).toContainText('reddit.com');
  await expect(sources).toContainText('4 clicks in all, each counted once');
  await expect(detail.getByRole('region', { name: 'Social networks' })).toContainText('Reddit4');

  // Another row opened: from the click on, the panel never shows the link before it (nor its numbers).
  // Recorded from the click only: until then the panel on screen is rightly the other link's.
  const panelsFromNextClick = () =>
    page.evaluate(() => {
      const shown: string[] = [];
      let clicked = false;
      document.addEventListener('click', () => (clicked = true), { capture: true, once: true });
      new MutationObserver(() => {
        const panel = document.querySelector('[data-testid="link-detail"]');
        if (clicked && panel) shown.push(panel.textContent ?? '');
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      Object.assign(window, { detailsShown: shown });
    });
  const panelsShown = () => page.evaluate(() => (window as unknown as { detailsShown: string[] }).detailsShown);
  await panelsFromNextClick();
  // The service failing meanwhile: this link's statistics say so, under this link.
  server.setFaults({ error500: 50 });
  await page.getByTestId('link-row').filter({ hasText: 'quiet' }).click();
  await expect(detail.getByTestId('detail-short-url')).toContainText('/quiet');
  const notRefreshed = 'Statistics could not be refreshed';
  await expect(detail).toContainText(notRefreshed);
  server.setFaults(null);
  const shown = await panelsShown();
  expect(shown.length).toBeGreaterThan(0);
  expect(shown.filter((text) => text.includes('popular'))).toEqual([]);
  // Back to the first link: the other one's note is not shown under it, not even until its own refresh answers.
  await panelsFromNextClick();
  await page.getByTestId('link-row').filter({ hasText: 'popular' }).click();
  await expect(detail.getByTestId('detail-short-url')).toContainText('/popular');
  await expect(detail.getByTestId('clicks')).toHaveText('4');
  const shownAfter = await panelsShown();
  expect(shownAfter.length).toBeGreaterThan(0);
  expect(shownAfter.filter((text) => text.includes(notRefreshed))).toEqual([]);

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Export', exact: true })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Export CSV' }).click()),
  ]);
  const text = readFileSync((await csv.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toBe('id,alias,shorturl,longurl,title,description,clicks,date,status,channel,campaign');
  expect(text).toContain(`"${popular.shorturl}"`);
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'Export', exact: true })
      .click()
      .then(() => page.getByRole('menuitem', { name: 'Export JSON' }).click()),
  ]);
  expect((JSON.parse(readFileSync((await json.path())!, 'utf8')) as unknown[]).length).toBe(5);
});
