import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { connectFromSettings } from './support';

// A first copy of a large account, within a small allowance: where the person looks (the Links
// count, Settings) says how far it has got and why it stands still.

test.use({ serverOptions: { rateLimit: 12, rateWindowSec: 12, maxLimit: 5 } });

test('a large first copy: the Links count says it is still copying, Settings says it waits for the allowance or for the network', async ({
  context,
  server,
  extensionUrl,
}) => {
  test.setTimeout(120_000);
  // 60 links in pages of 5: twelve pages, more than one allowance's worth.
  const account = (server.db.prepare("SELECT account_id AS a FROM links WHERE alias = 'demo'").get() as { a: number })
    .a;
  const insert = server.db.prepare(
    "INSERT INTO links (account_id, alias, longurl, title, status, date) VALUES (?, ?, ?, ?, 'public', ?)",
  );
  for (let i = 0; i < 57; i++)
    insert.run(
      account,
      `bulk-${i}`,
      `https://example.com/page/${i}`,
      `Page ${i}`,
      `2026-01-01 10:${String(i).padStart(2, '0')}:00`,
    );

  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await connectFromSettings(page, extensionUrl, server);

  // Settings: the copy's step, and while it waits for the allowance, that it does and for how long.
  const waiting = page.getByTestId('mirror-waiting');
  await expect(waiting).toContainText(/Waiting for the service's allowance: resumes in \d+ s\./, { timeout: 30_000 });
  await keepScreenshot(page, 'copy-waiting-settings.png');

  // Offline, the copy says so at once (the browser's own event), before any request fails.
  await context.setOffline(true);
  await expect(page.getByTestId('mirror-paused')).toContainText('Paused: this browser is offline', { timeout: 2_000 });
  await context.setOffline(false);
  await expect(page.getByTestId('mirror-paused')).toHaveCount(0);

  // The Links page: how many are here of about how many, while the links are still coming.
  await page.getByRole('link', { name: 'Links', exact: true }).click();
  const count = page.getByTestId('links-count');
  await expect(count).toHaveText(/^\d+ of about 60 links — still copying$/, { timeout: 60_000 });
  const shown = Number((await count.textContent())!.split(' ')[0]);
  expect(shown).toBeLessThan(60);
  await expect(page.getByTestId('links-copy-hold')).toContainText(/ · (Waiting for the service's allowance|Paused)/);
  await keepScreenshot(page, 'copy-links-count.png');
  // Once the copy is done, the plain count.
  await expect(count).toHaveText('60 links', { timeout: 90_000 });
  await expect(page.getByTestId('links-copy-hold')).toHaveCount(0);
});
