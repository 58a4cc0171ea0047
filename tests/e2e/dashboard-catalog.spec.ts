import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { CatalogPage } from './pages/CatalogPage';
import { connectExtension, serverList } from './support';

test('overlays and splash pages: listed read-only from the mirror, newest first, with the ids the service gives them', async ({
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
    newestFirst(overlays).map((o) => new RegExp(`^${o.id}${o.type}${o.name}${o.date}$`)),
  );
  await expect(catalog.splashRows()).toHaveText(
    newestFirst(splash).map((s) => new RegExp(`^${s.id}${s.name}${s.date}$`)),
  );
  await expect(catalog.overlayRows().first()).toContainText('Newsletter sign-up');
  await expect(page.getByRole('table', { name: /CTA overlays/ })).toBeVisible();
  await expect(page.getByText(/offered wherever a redirect type is chosen/)).toBeVisible();
  // Read-only: the section offers nothing to change.
  await expect(page.getByRole('region', { name: 'Overlays and splash pages' }).getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Overlays and splash pages' }).getByRole('textbox')).toHaveCount(0);
  await expectAccessible(page);
});
