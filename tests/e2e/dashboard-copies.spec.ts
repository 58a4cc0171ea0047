import type { BrowserContext } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { QrCodesPage } from './pages/QrCodesPage';
import { connectExtension, outboxEntries, serverList } from './support';

/**
 * The first of the two requests a browser makes when it resends a create by itself: the service
 * acts on it, and the page only ever hears the answer to the second.
 */
async function firstOfTwo(server: RunningServer, name: string): Promise<number> {
  const response = await fetch(`${server.url}/api/channel/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  return ((await response.json()) as { id: number }).id;
}

/** A dashboard connected to the service, with its first full sync done. */
async function syncedDashboard(context: BrowserContext, server: RunningServer, extensionUrl: (p: string) => string) {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.syncNow();
  return { page, dashboard };
}

const channelsNamed = async (server: RunningServer, name: string) =>
  (await serverList<{ id: number; name: string }>(server, '/api/channels', 'channels')).filter((c) => c.name === name);

test('a look-alike is only flagged: the sync centre points to it and the person deletes it', async ({
  context,
  server,
  extensionUrl,
}) => {
  const { page, dashboard } = await syncedDashboard(context, server, extensionUrl);

  await dashboard.open('channels');
  await dashboard.createChannel('Look-alike');
  await dashboard.expectInSync();
  // Another record made in between, with another name, is no look-alike.
  await dashboard.open('channels');
  await dashboard.createChannel('Made between');
  await dashboard.expectInSync();
  // The copy a resent request leaves comes into being right after ours. Made before it, a refresh
  // of the open Channels section could mirror it before our create has its id: then it is a record
  // seen before ours was made, which is never taken for a copy (lib/refresh/apply.ts).
  const lookAlike = await firstOfTwo(server, 'Look-alike');
  await dashboard.syncNow();

  const summary = page.getByTestId('likely-copies');
  await expect(summary).toContainText('look like second copies');
  await summary.getByRole('link', { name: '1 channel' }).click();
  const notice = page.getByTestId('twin-notice');
  await expect(notice).toHaveCount(1);
  await notice.getByRole('button', { name: 'Delete this copy of Look-alike' }).click();
  await page
    .getByRole('dialog', { name: 'Delete the copy' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(dashboard.channelRow('Look-alike')).toHaveCount(1);
  await dashboard.expectInSync();
  const left = await channelsNamed(server, 'Look-alike');
  expect(left).toHaveLength(1);
  expect(left[0]!.id).not.toBe(lookAlike);
  await expect(page.getByTestId('likely-copies')).toHaveCount(0);
});

test('a short link made twice is pointed out in the sync centre: the API cannot delete links', async ({
  context,
  server,
  extensionUrl,
}) => {
  const { page, dashboard } = await syncedDashboard(context, server, extensionUrl);

  const url = 'https://example.com/made-twice';
  await page.goto(extensionUrl('dashboard.html#/links'));
  await page.getByRole('button', { name: 'New link' }).click();
  const form = page.getByRole('form', { name: 'New short link' });
  await form.getByLabel('Long URL', { exact: true }).fill(url);
  await form.getByRole('button', { name: 'Create short link' }).click();
  // Written here first: the new row shows before anything is sent.
  await expect(
    page
      .getByTestId('link-row')
      .filter({ hasText: url.replace('https://', '') })
      .first(),
  ).toBeVisible();
  await dashboard.expectInSync();
  // The copy a resent request leaves comes into being right after ours. Made before it, a refresh
  // of the open Links section could mirror it before our create has its id: then it is a record
  // seen before ours was made, which is never taken for a copy (lib/refresh/lists.ts).
  await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url }),
  });
  await dashboard.syncNow();

  const summary = page.getByTestId('likely-copies');
  await expect(summary.getByRole('listitem')).toHaveCount(1);
  await expect(summary).toContainText(`for ${url}: the API cannot delete short links`);

  // In the links table both show; the copy's details say what it is, ours do not.
  await page.goto(extensionUrl('dashboard.html#/links'));
  const rows = page.getByTestId('link-row').filter({ hasText: url.replace('https://', '') });
  await expect(rows).toHaveCount(2);
  // How the mirror holds them: which was made here, which copies which.
  const mirrored = await page.evaluate(
    (longUrl) =>
      new Promise<{ key: string; shorturl: string; twinOf?: string }[]>((resolve, reject) => {
        const open = indexedDB.open('linkpilot');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('links').objectStore('links').getAll();
          all.onsuccess = () => {
            const rows = all.result as { key: string; shorturl: string; twinOf?: string; longurl: string }[];
            resolve(
              rows.filter((r) => r.longurl === longUrl).map(({ key, shorturl, twinOf }) => ({ key, shorturl, twinOf })),
            );
            open.result.close();
          };
        };
      }),
    url,
  );
  const copies = mirrored.filter((r) => r.twinOf !== undefined);
  expect(copies, JSON.stringify(mirrored)).toHaveLength(1);
  expect(copies[0]!.twinOf).toBe(mirrored.find((r) => r !== copies[0])?.key);
  // Each row's details, found by its short URL (a refresh may reorder the rows): only the copy's say what it is.
  const detail = page.getByTestId('link-detail');
  for (const link of mirrored) {
    const shown = link.shorturl.replace(/^https?:\/\//, '');
    await rows.filter({ hasText: shown }).click();
    await expect(detail.getByTestId('detail-short-url')).toHaveText(shown);
    await expect(detail.getByTestId('twin-notice')).toHaveCount(link.twinOf ? 1 : 0);
  }
});

test('a create whose answer is lost is not sent again by the browser: one QR code, found and kept once the service answers', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const { page, dashboard } = await syncedDashboard(context, server, extensionUrl);
  const storedNamed = (name: string) =>
    (server.db.prepare('SELECT COUNT(*) AS n FROM qr_codes WHERE name = ?').get(name) as { n: number }).n;
  const qr = new QrCodesPage(page, extensionUrl('dashboard.html#/qr'));
  await qr.open();
  await qr.fill('text', { Text: 'Answer lost', Name: 'Answer lost' });

  // The sync just used a kept-alive connection: the service now acts on each request and closes
  // its connection unanswered, which a browser that reused the connection answers by sending again.
  server.setFaults({ dropAfter: 1 });
  await qr.submit();
  await expect
    .poll(async () => (await outboxEntries(worker)).find((e) => e.kind === 'qr' && e.op === 'create')?.attempts ?? 0, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  server.setFaults(null);
  expect((await outboxEntries(worker)).find((e) => e.kind === 'qr' && e.op === 'create')?.ambiguous).toBe(true);
  expect(storedNamed('Answer lost')).toBe(1);

  await expectOutboxDrained(worker);
  expect(storedNamed('Answer lost')).toBe(1);
  await dashboard.syncNow();
  await qr.open();
  await expect(qr.row('Answer lost')).toHaveCount(1);
  await expect(page.getByTestId('twin-notice')).toHaveCount(0);
});
