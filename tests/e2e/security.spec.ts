import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { EXTENSION_DIR } from './browser';
import { expect, test } from './fixtures';
import { inFront } from './front';
import { connectExtension } from './support';
import { startWebPages } from './web-pages';

test('the built manifest asks for no <all_urls> and only permissions the code uses', async () => {
  const manifest = JSON.parse(readFileSync(path.join(EXTENSION_DIR, 'manifest.json'), 'utf8')) as Record<
    string,
    string[] | undefined
  >;
  const all = [
    ...(manifest.permissions ?? []),
    ...(manifest.host_permissions ?? []),
    ...(manifest.optional_host_permissions ?? []),
  ];
  expect(all).not.toContain('<all_urls>');
  expect(manifest.host_permissions).toEqual(['http://127.0.0.1/*']);
  expect(manifest.content_scripts).toBeUndefined();
  expect(manifest.externally_connectable).toBeUndefined();
  // Each permission, and where the code uses it: a new permission fails here until it is justified.
  const uses: Record<string, RegExp> = {
    storage: /storage\.defineItem/,
    alarms: /browser\.alarms\./,
    activeTab: /tabs\.query\(\{ active: true/,
    contextMenus: /browser\.contextMenus\./,
    notifications: /browser\.notifications\.create/,
    offscreen: /offscreen\.createDocument/,
    clipboardWrite: /clipboard\.writeText|execCommand\('copy'\)/,
    declarativeNetRequestWithHostAccess: /\.updateSessionRules\(\{/,
    // Only on the person's gesture, in the frame they chose (Replace with short link).
    scripting: /scripting\.executeScript\(\{/,
  };
  expect([...(manifest.permissions ?? [])].sort()).toEqual(Object.keys(uses).sort());
  const source = ['lib', 'entrypoints', 'components'].flatMap((dir) => readTree(dir)).join('\n');
  for (const [permission, pattern] of Object.entries(uses)) expect(pattern.test(source), permission).toBe(true);
  // Optional, asked for at the moment it is needed: reading the addresses of a window's tabs.
  expect(manifest.optional_permissions).toEqual(['tabs']);
  expect(/permissions\.request\(\{ permissions: \['tabs'\] \}\)/.test(source)).toBe(true);
});

test('a web page cannot reach the worker or the key, and the key never reaches a log', async ({
  context,
  server,
  worker,
  extensionUrl,
}) => {
  const logs: string[] = [];
  worker.on('console', (m) => logs.push(m.text()));
  const page = await context.newPage();
  page.on('console', (m) => logs.push(m.text()));
  await connectExtension(page, extensionUrl, server);
  const extensionId = new URL(extensionUrl('')).host;

  const web = await startWebPages();
  try {
    const hostile = await context.newPage();
    hostile.on('console', (m) => logs.push(m.text()));
    await hostile.goto(web.url('/hostile'));
    const probe = await hostile.evaluate(async (id) => {
      const w = window as unknown as { chrome?: { runtime?: { sendMessage?: unknown } } };
      const found: string[] = [];
      if (typeof w.chrome?.runtime?.sendMessage === 'function') found.push('runtime.sendMessage');
      for (const url of [`chrome-extension://${id}/manifest.json`, `chrome-extension://${id}/dashboard.html`]) {
        try {
          const r = await fetch(url);
          found.push(`fetched ${url}: ${r.status} ${(await r.text()).slice(0, 20)}`);
        } catch {
          // refused, as it should be
        }
      }
      window.postMessage({ type: 'connection.connect', serviceUrl: 'https://evil.example', apiKey: 'x' }, '*');
      return { found, storage: JSON.stringify({ ...localStorage }) + document.cookie };
    }, extensionId);
    expect(probe.found).toEqual([]);
    expect(probe.storage).not.toContain(server.apiKey);
  } finally {
    await web.close();
  }

  // A malformed message from the extension's own page is refused, not guessed at.
  const refused = await page.evaluate(() => chrome.runtime.sendMessage({ type: 'connection.connect', serviceUrl: 42 }));
  expect(refused).toMatchObject({ ok: false, error: { kind: 'validation' } });
  // The connection is unchanged by the hostile attempts.
  const stored = await worker.evaluate(() => chrome.storage.local.get('connection'));
  expect((stored.connection as { list: { baseUrl: string }[] }).list.map((c) => c.baseUrl)).toEqual([server.url]);

  // A refused key produces an error message without the key in it.
  await page.goto(extensionUrl('dashboard.html#/settings'));
  await inFront(page);
  await page.getByRole('button', { name: 'Change', exact: true }).click();
  await page.getByLabel('Service URL').fill(server.url);
  await page.getByLabel('API key').fill('secret-key-that-is-wrong-123');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('refused');
  await expect(page.getByRole('alert')).not.toContainText('secret-key-that-is-wrong-123');
  expect(logs.join('\n')).not.toContain(server.apiKey);
  expect(logs.join('\n')).not.toContain('secret-key-that-is-wrong-123');
});

function readTree(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? readTree(full) : /\.(ts|tsx)$/.test(name) ? [readFileSync(full, 'utf8')] : [];
  });
}
