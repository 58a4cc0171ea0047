import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from '@playwright/test';
import { startServer } from '../../server/start';
import { EXTENSION_DIR, launchWithExtension } from './browser';
import { expectOutboxDrained } from './drained';
import { expect, test } from './fixtures';
import { DashboardPage } from './pages/DashboardPage';
import { connectFromSettings, outboxSize, serverList } from './support';

// Each released Chrome package is kept in tests/fixtures/releases/; the newest is the one people have.
const RELEASES = path.resolve('tests/fixtures/releases');
const previous = readdirSync(RELEASES)
  .filter((name) => name.endsWith('-chrome.zip'))
  .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
  .at(-1)!;

/** Everything the extension keeps in chrome.storage.local: connections, settings, presets. */
const storedSettings = (worker: Worker) => worker.evaluate(() => chrome.storage.local.get(null));
const mirroredLinks = (worker: Worker, database: string) =>
  worker.evaluate(
    (name) =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => {
          const all = open.result.transaction('links').objectStore('links').getAll();
          all.onsuccess = () => resolve((all.result as { title: string }[]).map((l) => l.title).sort());
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
    database,
  );

test(`an update from ${previous} keeps the mirror, settings, presets and connections, and sends the queue exactly once`, async () => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-upgrade-'));
  // One folder for both versions: an unpacked extension's id comes from its path, so the update is
  // the same extension in the same profile, as a store update is.
  const extensionDir = path.join(dir, 'extension');
  const profileDir = path.join(dir, 'profile');
  const dbFile = path.join(dir, 'service.sqlite');
  execFileSync('unzip', ['-q', path.join(RELEASES, previous), '-d', extensionDir]);
  // The store package asks for the local server at Connect, a prompt no headless browser answers:
  // granted up front here, as the test builds do.
  const manifestFile = path.join(extensionDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  writeFileSync(manifestFile, JSON.stringify({ ...manifest, host_permissions: ['http://127.0.0.1/*'] }));

  let server = await startServer({ port: 0, db: dbFile, rateLimit: 600 });
  const { port, apiKey } = server;
  try {
    const old = await launchWithExtension('en-US', { extensionDir, profileDir });
    const page = await old.context.newPage();
    // The released version, through its own Settings form (it has no page the quicker connect uses).
    await connectFromSettings(page, (p) => `chrome-extension://${old.extensionId}/${p}`, server);
    const dashboard = new DashboardPage(page, `chrome-extension://${old.extensionId}/dashboard.html`);
    await dashboard.open('settings');
    await page.getByLabel('Wait for the service at most').selectOption('30');
    await old.worker.evaluate(() =>
      chrome.storage.local.set({
        'utm-presets': {
          presets: [{ name: 'Newsletter', source: 'newsletter', medium: 'email', campaign: 'spring' }],
          lastUsed: 'Newsletter',
        },
        'utm-presets$': { v: 1 },
        theme: 'dark',
        theme$: { v: 1 },
      }),
    );
    const settings = await storedSettings(old.worker);
    const database = (settings.connection as { list: { database: string }[] }).list[0]!.database;
    await expect.poll(() => mirroredLinks(old.worker, database)).toHaveLength(3);

    // The service goes away; changes wait in the outbox when the browser closes for the update.
    await server.close();
    await dashboard.open('channels');
    for (const name of ['Queued before the update', 'Also queued']) await dashboard.createChannel(name);
    expect(await outboxSize(old.worker)).toBe(2);
    const before = await storedSettings(old.worker);
    const linksBefore = await mirroredLinks(old.worker, database);
    await old.context.close();

    rmSync(extensionDir, { recursive: true });
    cpSync(EXTENSION_DIR, extensionDir, { recursive: true });
    server = await startServer({ port, db: dbFile, apiKey, rateLimit: 600 });
    // Chrome reloading an extension given on its command line opens the welcome page here as if it
    // were installed anew (closed like the first one); that a store update opens nothing is the
    // worker's decision on onInstalled's reason (tests/unit/entrypoints/welcome.test.ts).
    const updated = await launchWithExtension('en-US', { extensionDir, profileDir });
    try {
      expect(updated.extensionId).toBe(old.extensionId);
      const after = await updated.context.newPage();
      const dashboardAfter = new DashboardPage(after, `chrome-extension://${updated.extensionId}/dashboard.html`);
      await dashboardAfter.open('sync');
      await after.getByRole('button', { name: 'Sync now' }).click();
      await expectOutboxDrained(updated.worker);
      await dashboardAfter.expectInSync();

      const channels = (await serverList<{ name: string }>(server, '/api/channels', 'channels')).map((c) => c.name);
      for (const name of ['Queued before the update', 'Also queued'])
        expect(channels.filter((n) => n === name)).toHaveLength(1);
      // Nothing asked again: the same connection, settings and presets, the same mirror.
      const stored = await storedSettings(updated.worker);
      expect(stored.connection).toEqual(before.connection);
      expect(stored['utm-presets']).toEqual(before['utm-presets']);
      expect(stored.theme).toBe('dark');
      expect(stored['request-timeout-s']).toBe(30);
      expect(await mirroredLinks(updated.worker, database)).toEqual(linksBefore);
      await dashboardAfter.open('settings');
      await expect(after.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
    } finally {
      await updated.context.close();
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
