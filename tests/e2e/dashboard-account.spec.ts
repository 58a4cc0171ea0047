import { keyHash } from '../../server/api-keys';
import { checkPassword } from '../../server/passwords';
import type { RunningServer } from '../../server/start';
import { expectAccessible } from './axe';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { AccountPage } from './pages/AccountPage';
import { connectExtension, outboxSize, shownDateTime } from './support';

/** The account as the service's API reports it. */
async function serverAccount(server: RunningServer): Promise<{ email: string; status: string; expires: string }> {
  const response = await fetch(`${server.url}/api/account`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
  return ((await response.json()) as { data: { email: string; status: string; expires: string } }).data;
}

/** The service stores only a salted hash; checking a password against it is the one way to see it changed. */
function serverPasswordIs(server: RunningServer, password: string): boolean {
  const row = server.db
    .prepare('SELECT a.password_hash FROM accounts a JOIN api_keys k ON k.account_id = a.id WHERE k.key_hash = ?')
    .get(keyHash(server.apiKey)) as { password_hash: string };
  return checkPassword(password, row.password_hash);
}

test('account: profile and plan from the service; mismatched or invalid changes are refused at their field and nothing is sent', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const account = new AccountPage(page, extensionUrl('dashboard.html#/account'));
  await account.open();

  const remote = await serverAccount(server);
  await expect(page.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
  await expect(page.getByTestId('account-plan')).toHaveText(remote.status);
  // In the person's locale and time zone.
  await expect(page.getByTestId('account-expires')).toHaveText(shownDateTime(remote.expires));
  const avatar = page.getByRole('img', { name: 'Avatar of demo' });
  await expect(avatar).toHaveAttribute('src', `${server.url}/static/avatar/1.svg`);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);

  await account.changeEmail('new@linkpilot.test', 'nwe@linkpilot.test');
  await expect(account.emailForm().getByText('The two e-mail addresses differ.')).toBeVisible();
  await expect(account.emailForm().getByLabel('Confirm new e-mail address')).toHaveAttribute('aria-invalid', 'true');
  await account.changeEmail('not-an-address');
  await expect(account.emailForm().getByText('Enter a valid e-mail address.')).toBeVisible();
  await account.changeEmail('demo@linkpilot.test');
  await expect(account.emailForm().getByText('This is already the account’s e-mail address.')).toBeVisible();

  await account.changePassword('short');
  await expect(account.passwordForm().getByText('A password has at least 8 characters.')).toBeVisible();
  await account.changePassword('long enough 1', 'long enough 2');
  await expect(account.passwordForm().getByText('The two passwords differ.')).toBeVisible();
  await expectAccessible(page);

  await expect(page.getByTestId('pending-email')).toHaveCount(0);
  expect(await outboxSize(worker)).toBe(0);
  expect((await serverAccount(server)).email).toBe('demo@linkpilot.test');
  expect(serverPasswordIs(server, 'long enough 1')).toBe(false);
});

test('account: e-mail change shown as waiting until the service has it; password changed without ever being shown', async ({
  context,
  worker,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const account = new AccountPage(page, extensionUrl('dashboard.html#/account'));
  await account.open();

  // A slow service keeps the change on the wire long enough to see it waiting.
  server.setFaults({ latency: 2_000 });
  await account.changeEmail('new@linkpilot.test');
  await expect(page.getByTestId('pending-email')).toContainText(
    'Not synced yet: the address becomes new@linkpilot.test',
  );
  await expect(page.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
  await expect(account.emailForm().getByLabel('New e-mail address', { exact: true })).toHaveValue('');
  server.setFaults(null);

  const password = 'c0rrect horse battery';
  await account.changePassword(password);
  await expect(account.passwordForm().getByRole('status')).toHaveText(
    'Saved here; it is sent to the service in the background.',
  );
  await expect(account.passwordForm().getByLabel('New password', { exact: true })).toHaveValue('');
  expect(await page.content()).not.toContain(password);

  await expectOutboxDrained(worker);
  expect(await page.content()).not.toContain(password);
  expect((await serverAccount(server)).email).toBe('new@linkpilot.test');
  expect(serverPasswordIs(server, password)).toBe(true);

  await account.open();
  await expect(page.getByTestId('account-email')).toHaveText('new@linkpilot.test');
  await expect(page.getByTestId('pending-email')).toHaveCount(0);
});
