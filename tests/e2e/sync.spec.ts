import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/start';
import { expect, test } from './fixtures';
import { expectFirstCopyDone } from './meta';
import { DashboardPage } from './pages/DashboardPage';
import { stopServiceWorker, wakeServiceWorker } from './service-worker';
import { connectExtension, serverList } from './support';

test('changes made while the service is down reach it once it is back, exactly once', async ({
  context,
  extensionUrl,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-e2e-'));
  const dbFile = path.join(dir, 'service.sqlite');
  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
    await server.close();

    await dashboard.open('channels');
    for (const name of ['Offline one', 'Offline two', 'Offline three']) {
      await dashboard.createChannel(name);
      // Written locally at once, shown as waiting.
      await expect(dashboard.channelRow(name).getByTestId('sync-state')).toHaveAttribute('data-state', 'pending');
    }

    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    await page.getByRole('link', { name: /^Sync/ }).click();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await dashboard.expectInSync();

    const names = (await serverList<{ name: string }>(server, '/api/channels', 'channels')).map((c) => c.name);
    for (const name of ['Offline one', 'Offline two', 'Offline three'])
      expect(names.filter((n) => n === name)).toHaveLength(1);
    await dashboard.open('channels');
    await expect(dashboard.channelRow('Offline three').getByTestId('sync-state')).toHaveCount(0);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('with a slow service', () => {
  test('the worker stopped in the middle of a drain loses nothing and sends nothing twice', async ({
    context,
    server,
    extensionUrl,
  }) => {
    const page = await context.newPage();
    await connectExtension(page, extensionUrl, server);
    // Slow only once the first copy is done: the creates below are then the requests on the wire.
    await expectFirstCopyDone(page);
    server.setFaults({ latency: 400 });
    const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
    // A create cut off by the stop is looked for once its request must have ended (2 × this timeout).
    await dashboard.open('settings');
    await page.getByLabel('Stop waiting for the service after').selectOption('3');
    await dashboard.open('channels');
    const names = Array.from({ length: 8 }, (_, i) => `Drain ${i + 1}`);
    for (const name of names) await dashboard.createChannel(name);

    // Let part of the queue go out, then stop the worker while requests are on the wire.
    await expect
      .poll(
        async () =>
          (await serverList<{ name: string }>(server, '/api/channels', 'channels')).filter((c) =>
            c.name.startsWith('Drain'),
          ).length,
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2);
    await stopServiceWorker(context, page);
    await wakeServiceWorker(page);
    await dashboard.expectInSync();

    const onServer = (await serverList<{ name: string }>(server, '/api/channels', 'channels')).map((c) => c.name);
    for (const name of names)
      expect(
        onServer.filter((n) => n === name),
        name,
      ).toHaveLength(1);
  });
});

test('a change the service refuses is shown with its message, and goes through after an edit', async ({
  context,
  server,
  extensionUrl,
}) => {
  const page = await context.newPage();
  await connectExtension(page, extensionUrl, server);
  const dashboard = new DashboardPage(page, extensionUrl('dashboard.html'));
  // Another account has this domain: the mirror cannot know, the service refuses a second registration.
  const other = server.createAccount({ email: 'other@linkpilot.test' });
  const registered = await fetch(`${server.url}/api/domain/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${other.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ domain: 'https://taken.linkpilot.test' }),
  });
  expect(registered.status).toBe(200);
  await dashboard.open('domains');
  // Slower than the dialog waits for an answer: the change is queued, and refused later.
  server.setFaults({ latency: 6_000 });
  await dashboard.addDomain('https://taken.linkpilot.test');
  server.setFaults(null);

  await dashboard.open('sync');
  const entry = dashboard.outboxEntries().filter({ hasText: 'taken.linkpilot.test' });
  await expect(entry).toHaveAttribute('data-state', 'failed', { timeout: 20_000 });
  await expect(entry.getByTestId('outbox-error')).toHaveText('This domain is already registered.');

  await entry.getByRole('button', { name: 'Edit' }).click();
  await entry.getByLabel('Domain').fill('https://go2.linkpilot.test');
  await entry.getByRole('button', { name: 'Save and retry' }).click();
  await expect(page.getByRole('button', { name: 'Save and retry' })).toHaveCount(0);
  await dashboard.expectInSync();
  const domains = (await serverList<{ domain: string }>(server, '/api/domains', 'domains')).map((d) => d.domain);
  expect(domains).toContain('https://go2.linkpilot.test');
});
