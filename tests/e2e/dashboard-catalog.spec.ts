import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';
import { connectExtension, serverList, shownDateTime } from './support';

// The demo account's overlay kinds as a person reads them (the service gives "message", "newsletter").
const KINDS: Record<string, string> = { message: 'Message', newsletter: 'Newsletter sign-up' };

test('overlays and splash pages: listed read-only from the mirror, newest first, each overlay kind in words and no ids', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const catalog = new CatalogPage(page, extensionUrl('dashboard.html#/catalog'));
  await catalog.open();

  const overlays = await serverList<{ id: number; type: string; name: string; date: string }>(
    server,
    '/api/overlay',
    'cta',
  );
  const splash = await serverList<{ id: number; name: string; date: string }>(server, '/api/splash', 'splash');
  expect(overlays).toHaveLength(2);
  expect(splash).toHaveLength(2);
  const newestFirst = <T extends { date: string }>(rows: T[]) => [...rows].sort((a, b) => b.date.localeCompare(a.date));

  await expect(catalog.overlayRows()).toHaveText(
    newestFirst(overlays).map((o) => `${o.name}${KINDS[o.type]}${shownDateTime(o.date)}`),
  );
  await expect(catalog.splashRows()).toHaveText(newestFirst(splash).map((s) => `${s.name}${shownDateTime(s.date)}`));
  await expect(catalog.overlayRows().first()).toContainText('Newsletter sign-up');
  await expect(page.getByRole('table', { name: /Call-to-action overlays/ })).toBeVisible();
  await expect(page.getByText(/which ones you can pick as a link's redirect/)).toBeVisible();
  // Read-only: the section offers nothing to change.
  await expect(page.getByRole('region', { name: 'Overlays and splash pages' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Overlays and splash pages' }).getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
});
