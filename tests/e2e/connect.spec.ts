import { keyHash } from '../../server/api-keys';
import { expect, test } from './fixtures';
import { SettingsPage } from './pages/SettingsPage';
import { connectFromSettings, outboxSize, serverList } from './support';

test('connecting with the demo key shows the account e-mail from GET /api/account', async ({
  context,
  server,
  extensionUrl,
}) => {
  const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await settings.connect(server.url, server.apiKey);
  await expect(settings.accountEmail()).toHaveText('demo@linkpilot.test');

  // The first mirror follows: the popup lists the demo account's links from IndexedDB.
  const popup = await context.newPage();
  await popup.goto(extensionUrl('popup.html'));
  await expect(popup.getByTestId('recent-link').filter({ hasText: 'Example Domain' })).toHaveCount(1);
});

test('a refused key is explained and nothing is stored', async ({ context, server, extensionUrl, worker }) => {
  const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await settings.connect(server.url, 'not-a-real-key');
  await expect(settings.error()).toContainText(/key/i);
  const stored = await worker.evaluate(() => chrome.storage.local.get('connection'));
  expect(stored.connection ?? null).toBeNull();
});

test('an unreachable service, a URL into /api, another scheme and a lone word get their own messages; a bare host gets https://', async ({
  context,
  extensionUrl,
}) => {
  const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await settings.connect('http://127.0.0.1:9/api/account', 'k');
  await expect(settings.error()).toContainText('remove "/api/account"');
  await settings.connect('http://127.0.0.1:9', 'k');
  await expect(settings.error()).toContainText('cannot be reached');
  await settings.connect('mailto:someone@example.com', 'k');
  await expect(settings.error()).toHaveText('The Service URL must use http or https, not mailto.');
  await settings.connect('links', 'k');
  await expect(settings.error()).toHaveText('The Service URL is not a valid address.');
  // A host typed alone is taken with https:// in front, and the field says so while it is typed.
  await settings.page.getByLabel('Service URL').fill('short.example.test/base');
  await expect(settings.page.getByLabel('Service URL')).toHaveAccessibleDescription(
    'https:// will be added: https://short.example.test/base',
  );
});

test('a plain-http service elsewhere: the form asks first, and without a yes nothing is sent or stored', async ({
  context,
  extensionUrl,
  worker,
}) => {
  const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await settings.page.getByLabel('Service URL').fill('http://127.0.0.1:9');
  await expect(settings.page.getByRole('checkbox', { name: 'Yes, send my API key unencrypted' })).toHaveCount(0);
  await settings.connect('http://links.example.test', 'some-key-0001');
  const question = settings.page.getByRole('group', {
    name: /your API key would travel unencrypted to http:\/\/links\.example\.test/,
  });
  await expect(question).toBeVisible();
  await expect(question.getByRole('checkbox', { name: 'Yes, send my API key unencrypted' })).not.toBeChecked();
  await expect(settings.error()).toContainText(
    'Nothing was sent: over plain http the API key would travel unencrypted.',
  );
  const stored = await worker.evaluate(() => chrome.storage.local.get('connection'));
  expect(stored.connection ?? null).toBeNull();
});

test.describe('with a slow service', () => {
  test.use({ serverOptions: { faults: { latency: 250 } } });

  test('the first mirror shows its progress, then the data', async ({ context, server, extensionUrl }) => {
    const settings = new SettingsPage(await context.newPage(), extensionUrl('dashboard.html#/settings'));
    await settings.open();
    await settings.connect(server.url, server.apiKey);
    const progress = settings.page.getByTestId('mirror-progress');
    await expect(progress).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Copy of your data' })).toBeVisible();
    await expect(progress).toBeHidden({ timeout: 20_000 });
    await settings.page.getByRole('link', { name: 'Channels' }).click();
    await expect(settings.page.getByTestId('channel-row').filter({ hasText: 'News' })).toHaveCount(1);
  });
});

test('a key revoked and replaced while a link waits: after the new key is given in Settings, the link goes with it, once, to the same account', async ({
  context,
  server,
  extensionUrl,
  popupFor,
  worker,
  web,
}) => {
  const page = await context.newPage();
  await connectFromSettings(page, extensionUrl, server);
  // The account's owner revokes the key elsewhere (the service's web app) and makes another one.
  const hash = keyHash(server.apiKey);
  const account = server.db.prepare('SELECT account_id FROM api_keys WHERE key_hash = ?').pluck().get(hash);
  server.db.prepare('DELETE FROM api_keys WHERE key_hash = ?').run(hash);
  const newKey = 'e2e-the-new-key-of-the-demo-account';
  server.db
    .prepare('INSERT INTO api_keys (key_hash, account_id, expires, created) VALUES (?, ?, NULL, ?)')
    .run(keyHash(newKey), account, '2026-11-30 00:00:00');

  // A page shortened meanwhile: refused for its key, the link is kept and waits.
  const url = web.url('/made-while-the-key-was-refused');
  const { popup } = await popupFor(url);
  await popup.shortenButton().click();
  await expect(popup.page.getByTestId('pending-note')).toBeVisible();
  expect(await outboxSize(worker)).toBe(1);
  // Said where the person looks, with what to do: in the popup, and on every page of the dashboard.
  const said =
    'The service refused the API key. Your changes are kept here and go out once you enter the current key in Settings.';
  await expect(popup.page.getByTestId('key-refused-banner')).toContainText(said);
  // The popup's button opens the dashboard where the key is given.
  const opened = context.waitForEvent('page');
  await popup.page.getByTestId('key-refused-banner').getByRole('button', { name: 'Enter the key' }).click();
  const settingsTab = await opened;
  await expect(settingsTab).toHaveURL(/dashboard\.html#\/settings$/);
  // Open at the key, with the service's address kept: nothing to find first.
  await expect(settingsTab.getByLabel('API key', { exact: true })).toBeVisible();
  await expect(settingsTab.getByLabel('Service URL')).toHaveValue(server.url);
  await settingsTab.close();
  await page.goto(extensionUrl('dashboard.html#/links'));
  const banner = page.getByTestId('key-refused-banner');
  await expect(banner).toContainText(said);
  // The sync centre says why the change waits: not "Sending", which it is not while the key is refused.
  await page.goto(extensionUrl('dashboard.html#/sync'));
  const summary = page.getByTestId('sync-summary');
  await expect(summary).toContainText('1 change waiting: the service refused the API key.');
  await expect(summary).toContainText(
    'They are kept in this browser and go out once you enter the current key in Settings.',
  );
  await expect(summary).not.toContainText('Sending');
  await banner.getByRole('button', { name: 'Enter the key' }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  // On Settings itself the banner stays, without a button to where the person already is.
  await expect(banner.getByRole('button')).toHaveCount(0);

  // The new key, given where the connection is changed: the same account, the same mirror, and the link goes.
  const settings = new SettingsPage(page, extensionUrl('dashboard.html#/settings'));
  await settings.connect(server.url, newKey);
  await expect(settings.accountEmail()).toHaveText('demo@linkpilot.test');
  await expect.poll(() => outboxSize(worker), { timeout: 30_000 }).toBe(0);
  await expect(banner).toHaveCount(0);
  const made = await serverList<{ longurl: string }>(server, '/api/urls', 'urls', newKey);
  expect(made.filter((link) => link.longurl === url)).toHaveLength(1);
});
