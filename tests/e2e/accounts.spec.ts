import type { Worker } from '@playwright/test';
import { expect, test } from './fixtures';
import { keepScreenshot } from './keep';
import { DashboardPage } from './pages/DashboardPage';
import { SettingsPage } from './pages/SettingsPage';
import { notePicture, pictureDrawn } from './picture';
import { connectFromSettings, outboxSize, serverList } from './support';

// Two accounts on the local service: the demo account (first key) and an empty one (second key).
const KEYS = ['e2e-first-account-key', 'e2e-second-account-key'];
test.use({ serverOptions: { apiKeys: KEYS } });

const badge = (worker: Worker) => worker.evaluate(() => chrome.action.getBadgeText({}));
const longUrls = async (server: Parameters<typeof serverList>[0], key: string) =>
  (await serverList<{ longurl: string }>(server, '/api/urls', 'urls', key)).map((u) => u.longurl);

test('two accounts: each mirror shows its own links, and a change queued for one reaches that one after a switch', async ({
  context,
  server,
  worker,
  extensionUrl,
  popupFor,
  web,
}) => {
  const [keyA, keyB] = server.apiKeys as [string, string];
  const host = new URL(server.url).host;
  const first = `demo@linkpilot.test on ${host}`;
  const secondEmail = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${keyB}` } })
    .then((r) => r.json() as Promise<{ data: { email: string } }>)
    .then((b) => b.data.email);
  const second = `${secondEmail} on ${host}`;

  // The first account, then a second one added beside it in Settings: the first stays active, and the
  // page offers the switch to the second; taken, the second is active.
  const page = await context.newPage();
  await connectFromSettings(page, extensionUrl, server);
  const settings = new SettingsPage(page, extensionUrl('dashboard.html#/settings'));
  await settings.addConnection(server.url, keyB);
  const added = page.getByTestId('connection-added');
  await expect(added).toHaveText(new RegExp(`${second} is added\\. Switch to it now\\?`));
  await expect(settings.accountEmail()).toHaveText('demo@linkpilot.test');
  await expect(page.getByTestId('other-connection')).toHaveText([new RegExp(second)]);
  await added.getByRole('button', { name: 'Switch now' }).click();
  await expect(added).toHaveCount(0);
  await expect(settings.accountEmail()).toHaveText(secondEmail);
  await expect(page.getByTestId('other-connection')).toHaveText([new RegExp(first)]);

  // A page shortened in each, switching in the popup's header.
  const forB = web.url('/for-the-second');
  const forA = web.url('/for-the-first');
  const b = await popupFor(forB);
  await b.popup.shortenButton().click();
  await expect(b.popup.shortUrl()).toBeVisible();
  await b.popup.switchConnection(first);
  // The first account's mirror has no link for that page.
  await expect(b.popup.shortenButton()).toBeVisible();
  // The picture kept for the popup's next opening is the first account's, its switcher showing that one.
  await expect
    .poll(async () => {
      const kept = await b.popup.page.evaluate(() => localStorage.getItem('linkpilot:first-screen'));
      const html = (JSON.parse(kept ?? '{"html":""}') as { html: string }).html;
      return /<option[^>]* selected[^>]*>([^<]*)</.exec(html)?.[1];
    })
    .toContain('demo@linkpilot.test');
  const a = await popupFor(forA);
  await a.popup.shortenButton().click();
  await expect(a.popup.shortUrl()).toBeVisible();
  expect(await longUrls(server, keyA)).toContain(forA);
  expect(await longUrls(server, keyA)).not.toContain(forB);
  expect(await longUrls(server, keyB)).toEqual([forB]);

  // Closed, the popups keep the picture of the first account's list for the next opening.
  for (const opened of [a, b]) await opened.popup.page.close();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('linkpilot:first-screen') ?? ''))
    .toContain('for-the-first');

  // Each mirror in the dashboard shows only its own links; the sidebar switches.
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('links');
  await expect(dashboard.linkRow('Article for-the-first')).toHaveCount(1);
  await expect(dashboard.linkRow('Example Domain')).toHaveCount(1);
  await expect(dashboard.linkRow('Article for-the-second')).toHaveCount(0);
  await dashboard.switchConnection(second);
  await expect(dashboard.linkRow('Article for-the-second')).toHaveCount(1);
  await expect(page.getByTestId('link-row')).toHaveCount(1);
  // The popup draws its picture before storage says which account is active: the switch forgot the
  // first account's, so the next popup draws none of its links, not even for a frame.
  const noting = await context.addInitScript(notePicture);
  const afterSwitch = await popupFor(forB);
  await noting.dispose();
  await expect(afterSwitch.popup.shortUrl()).toBeVisible();
  expect(await pictureDrawn(afterSwitch.popup.page)).not.toContain('for-the-first');
  await afterSwitch.popup.page.close();

  // The service stops answering; a page shortened with the first account waits in its outbox.
  await dashboard.switchConnection(first);
  await expect(dashboard.linkRow('Article for-the-first')).toHaveCount(1);
  server.setFaults({ dropBefore: 1 });
  const queuedUrl = web.url('/queued-for-the-first');
  const queued = await popupFor(queuedUrl);
  await queued.popup.shortenButton().click();
  await expect(queued.popup.page.getByTestId('pending-note')).toBeVisible();
  await expect.poll(() => badge(worker)).toBe('1');

  // Switched to the second account: the badge counts its queue, the first's change still waits.
  await queued.popup.switchConnection(second);
  await expect.poll(() => badge(worker)).toBe('');
  // The first connection kept the database it had before there were several (see tests/e2e/support.ts).
  expect(await outboxSize(worker)).toBe(1);

  // Back, the service takes the change: it went to the first account, never to the second.
  server.setFaults(null);
  await expect.poll(() => outboxSize(worker), { timeout: 60_000 }).toBe(0);
  expect((await longUrls(server, keyA)).filter((u) => u === queuedUrl)).toHaveLength(1);
  expect(await longUrls(server, keyB)).toEqual([forB]);
  // The badge counts the queue a moment after it changed.
  await expect.poll(() => badge(worker)).toBe('');
});

test('removing a connection with unsent changes asks first, saying how many would be lost', async ({
  context,
  server,
  extensionUrl,
}) => {
  const [, keyB] = server.apiKeys as [string, string];
  const page = await context.newPage();
  await connectFromSettings(page, extensionUrl, server);
  const settings = new SettingsPage(page, extensionUrl('dashboard.html#/settings'));
  await settings.addConnection(server.url, keyB);
  await expect(page.getByTestId('other-connection')).toHaveCount(1);

  // Two changes for the first account wait while the service is away.
  server.setFaults({ dropBefore: 1 });
  await page.getByRole('combobox', { name: 'Connection' }).selectOption({ index: 0 });
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  await dashboard.open('channels');
  for (const name of ['Waiting one', 'Waiting two']) await dashboard.createChannel(name);
  await page.getByRole('combobox', { name: 'Connection' }).selectOption({ index: 1 });
  await dashboard.open('settings');

  // Asked in the app's own dialog, which says what would be lost; Cancel has the focus.
  const asked = page.getByRole('dialog', { name: 'Remove this connection?' });
  await page.getByRole('button', { name: /^Remove demo@linkpilot.test/ }).click();
  await expect(asked).toContainText('2 changes not yet synced will be lost.');
  await expect(asked.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await keepScreenshot(page, 'remove-connection-asked.png');
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toHaveCount(0);
  // Cancelled: nothing is removed.
  await expect(page.getByTestId('other-connection')).toHaveCount(1);

  await page.getByRole('button', { name: /^Remove demo@linkpilot.test/ }).click();
  await asked.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByTestId('other-connection')).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Connection' })).toHaveCount(0);
  server.setFaults(null);
});
