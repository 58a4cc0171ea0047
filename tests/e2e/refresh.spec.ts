import type { Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expect, test } from './fixtures';
import { expectFirstCopyDone } from './meta';
import { DashboardPage } from './pages/DashboardPage';
import { QrCodesPage } from './pages/QrCodesPage';
import { connectExtension, serverList, shortenFreshness } from './support';

/**
 * Staying fresh without the person doing anything: what another client of the service does shows
 * up while the popup or the dashboard is open (each refreshes what it shows when older than 40 s,
 * so within a minute), and opening the popup refreshes the page's statistics. Here the window is
 * 2 s (shortenFreshness), so each change shows within seconds; the 40 s are the plan's unit tests'.
 */
const FRESH_FOR_S = 2;
/** Within two windows and the request, with room for a busy machine. */
const SHOWS_WITHIN_MS = 20_000;

/** Connects, and waits until the first copy of the account is complete (so only refresh can bring news). */
async function connectAndCopy(page: Page, extensionUrl: (p: string) => string, server: RunningServer) {
  await shortenFreshness(page.context().serviceWorkers()[0]!, FRESH_FOR_S);
  await connectExtension(page, extensionUrl, server);
  await expectFirstCopyDone(page);
}

const api = (server: RunningServer, path: string, init: RequestInit = {}) =>
  fetch(`${server.url}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
  });

/** A record made by another client of the service, as the service answers it. */
async function post<T>(server: RunningServer, path: string, body: unknown): Promise<T> {
  return (await (await api(server, path, { method: 'POST', body: JSON.stringify(body) })).json()) as T;
}

test('a link made elsewhere appears in the open popup’s recent list, without a click', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await connectAndCopy(await context.newPage(), extensionUrl, server);
  const { popup } = await popupFor(web.url('/reading'));
  await popup.expectReady();
  const before = await popup.recentLinks().count();
  const made = await api(server, '/api/url/add', {
    method: 'POST',
    body: JSON.stringify({ url: web.url('/made-elsewhere'), metatitle: 'Made by another app' }),
  });
  expect(made.ok).toBe(true);
  await expect(popup.recentLinks().filter({ hasText: 'Made by another app' })).toHaveCount(1, {
    timeout: SHOWS_WITHIN_MS,
  });
  expect(await popup.recentLinks().count()).toBeGreaterThanOrEqual(Math.min(before + 1, 5));
});

test('a channel deleted elsewhere leaves the open dashboard, without a click', async ({
  context,
  server,
  extensionUrl,
}) => {
  const made = await post<{ id: number }>(server, '/api/channel/add', { name: 'Short-lived' });
  const page = await context.newPage();
  await connectAndCopy(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('channels');
  await expect(dashboard.channelRow('Short-lived')).toHaveCount(1);
  expect((await api(server, `/api/channel/${made.id}/delete`, { method: 'DELETE' })).ok).toBe(true);
  expect((await serverList<{ name: string }>(server, '/api/channels', 'channels')).map((c) => c.name)).not.toContain(
    'Short-lived',
  );
  await expect(dashboard.channelRow('Short-lived')).toHaveCount(0, { timeout: SHOWS_WITHIN_MS });
});

test('opening the popup refreshes the page’s quick stats with visits made since the mirror was copied', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  const longUrl = web.url('/article-visited-later');
  const created = await post<{ shorturl: string }>(server, '/api/url/add', { url: longUrl, custom: 'visitedlater' });
  await connectAndCopy(await context.newPage(), extensionUrl, server);
  // Visits after the copy: the mirror knows of none.
  for (const country of ['FR', 'FR'])
    await fetch(created.shorturl, {
      redirect: 'manual',
      headers: { 'x-country': country, 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' },
    });
  const { popup } = await popupFor(longUrl);
  await expect(popup.shortUrl()).toHaveAttribute('href', created.shorturl);
  await expect(popup.page.getByTestId('clicks')).toHaveText('2');
  // Countries come only from the link's own statistics, which the popup asked for on opening.
  await expect(popup.page.getByRole('region', { name: 'Countries' })).toContainText('France');
});

test('a link put into a channel elsewhere shows in the open channel, without a click', async ({
  context,
  server,
  extensionUrl,
}) => {
  const channel = await post<{ id: number }>(server, '/api/channel/add', { name: 'Reading list' });
  const link = await post<{ id: number }>(server, '/api/url/add', {
    url: 'https://example.com/long-read',
    metatitle: 'A long read',
  });
  const page = await context.newPage();
  await connectAndCopy(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('channels');
  const row = dashboard.channelRow('Reading list');
  await row.getByRole('button', { name: 'Items of Reading list' }).click();
  const items = row.getByTestId('channel-items');
  await expect(items.getByTestId('channel-item')).toHaveCount(0);
  const assigned = await api(server, `/api/channel/${channel.id}/assign/links/${link.id}`, { method: 'POST' });
  expect(assigned.ok).toBe(true);
  await expect(items.getByTestId('channel-item')).toHaveCount(1, { timeout: SHOWS_WITHIN_MS });
  await expect(items.getByTestId('channel-item')).toContainText('A long read');
});

test('scans made while a QR code’s details are open show there, without a click', async ({
  context,
  server,
  extensionUrl,
}) => {
  const made = await post<{ id: number }>(server, '/api/qr/add', {
    type: 'link',
    data: 'https://example.com/poster',
    name: 'Poster',
  });
  const { link } = ((await (await api(server, `/api/qr/${made.id}`)).json()) as { details: { link: string } }).details;
  const page = await context.newPage();
  await connectAndCopy(page, extensionUrl, server);
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  const detail = await qr.openDetail('Poster');
  await expect(detail.getByTestId('no-clicks')).toHaveText('No scans yet');
  const scan = await fetch(link, { redirect: 'manual', headers: { 'x-country': 'IT' } });
  expect(scan.status).toBeGreaterThanOrEqual(300);
  await expect(detail.getByTestId('clicks')).toHaveText('1', { timeout: SHOWS_WITHIN_MS });
  await expect(detail.getByRole('region', { name: 'Countries' })).toContainText('Italy');
});
