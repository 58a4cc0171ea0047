import type { BrowserContext, Locator, Page, Worker } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expect } from './fixtures';
import { SettingsPage } from './pages/SettingsPage';

/**
 * Connects the extension to the server as the Settings form does once its origin is granted (for
 * 127.0.0.1 it always is): with the form's own `connection.connect` message, which the worker checks
 * with GET /api/account, stores and follows with the first mirror. Sent from the extension's
 * lightest page (own-visit.html: no framework, no listener), so the test's next page is the first
 * one it loads. The tests about the form itself and what Settings shows meanwhile use
 * connectFromSettings.
 */
export async function connectExtension(
  page: Page,
  extensionUrl: (p: string) => string,
  server: RunningServer,
): Promise<void> {
  await page.goto(extensionUrl('own-visit.html'));
  const reply = await page.evaluate(
    ([serviceUrl, apiKey]) => chrome.runtime.sendMessage({ type: 'connection.connect', serviceUrl, apiKey }),
    [server.url, server.apiKey] as const,
  );
  expect(reply).toMatchObject({ ok: true, data: { account: { email: 'demo@linkpilot.test' } } });
}

/** Connects the extension to the server from the Settings page, as a person does, and leaves the page there. */
export async function connectFromSettings(
  page: Page,
  extensionUrl: (p: string) => string,
  server: RunningServer,
): Promise<void> {
  const settings = new SettingsPage(page, extensionUrl('dashboard.html#/settings'));
  await settings.open();
  await settings.connect(server.url, server.apiKey);
  await expect(settings.accountEmail()).toHaveText('demo@linkpilot.test');
}

/**
 * Shortens the window after which what a page shows is refreshed again (40 s in the product) to
 * `seconds`, through the storage value the worker and the pages read for it (`local:fresh-for-s`,
 * freshForMs in lib/settings/refresh.ts; nothing but tests writes it). A page opened afterwards looks that
 * often, so a change made elsewhere shows within seconds instead of within a minute.
 */
export async function shortenFreshness(worker: Worker, seconds: number): Promise<void> {
  await worker.evaluate((s) => chrome.storage.local.set({ 'fresh-for-s': s }), seconds);
}

/** Connects from Settings in the browser's language, by its catalogue's words (connectExtension reads English). */
export async function connectIn(
  page: Page,
  settingsUrl: string,
  server: RunningServer,
  words: Record<string, string | undefined>,
): Promise<void> {
  await page.goto(settingsUrl);
  await page.getByLabel(words.connectionForm_serviceUrl!, { exact: true }).fill(server.url);
  await page.getByLabel(words.connectionForm_apiKey!, { exact: true }).fill(server.apiKey);
  await page.getByRole('button', { name: words.connectionForm_connect!, exact: true }).click();
  await expect(page.getByTestId('account-email')).toHaveText('demo@linkpilot.test');
}

/** Reads a list straight from the server's API (the first account's, or the key's), as its other clients would see it. */
export async function serverList<T = Record<string, unknown>>(
  server: RunningServer,
  path: string,
  collection: string,
  apiKey = server.apiKey,
): Promise<T[]> {
  const response = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}limit=100`, {
    headers: { Authorization: `Bearer ${apiKey}` },
  });
  const body = (await response.json()) as { data: Record<string, T[]> };
  return body.data[collection] ?? [];
}

/** What the e2e tests read of a queued change. */
export type QueuedChange = { kind: string; op: string; attempts: number; ambiguous: boolean };

/** The queued changes as stored in IndexedDB, for what the engine made of a failed attempt. */
export async function outboxEntries(worker: Worker): Promise<QueuedChange[]> {
  return worker.evaluate(
    () =>
      new Promise<QueuedChange[]>((resolve, reject) => {
        const open = indexedDB.open('linkpilot');
        open.onsuccess = () => {
          const all = open.result.transaction('outbox').objectStore('outbox').getAll();
          all.onsuccess = () => resolve(all.result as QueuedChange[]);
          all.onerror = () => reject(all.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
}

export async function outboxSize(worker: Worker): Promise<number> {
  return (await outboxEntries(worker)).length;
}

/** Opens a web page of the local server in a tab and returns the tab's id (as the popup sees it). */
export async function openTab(
  context: BrowserContext,
  worker: Worker,
  url: string,
): Promise<{ page: Page; tabId: number }> {
  const page = await context.newPage();
  await page.goto(url);
  const tabId = await worker.evaluate(async (u) => {
    const tabs = await chrome.tabs.query({});
    return tabs.find((t) => t.url === u)?.id ?? -1;
  }, page.url());
  if (tabId < 0) throw new Error(`no tab found for ${url}`);
  return { page, tabId };
}

/** Reads the system clipboard from an ordinary web page that was granted clipboard access. */
export async function readClipboard(context: BrowserContext, pageUrl: string): Promise<string> {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(pageUrl).origin });
  const reader = await context.newPage();
  try {
    await reader.goto(pageUrl);
    await reader.bringToFront();
    return await reader.evaluate(() => navigator.clipboard.readText());
  } finally {
    await reader.close();
  }
}

/** A service datetime as the extension shows it to a person in these tests (en-US, UTC): "Nov 23, 2027, 2:39 PM". */
export function shownDateTime(serviceDatetime: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(`${serviceDatetime.replace(' ', 'T')}Z`),
  );
}

/** A short link made at the service directly (another writer), titled by its alias; its short URL. */
export async function makeLink(server: RunningServer, url: string, custom: string): Promise<string> {
  const answer = await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, custom, metatitle: custom }),
  });
  return ((await answer.json()) as { shorturl: string }).shorturl;
}

/**
 * Opens every closed option group of a form (a new or edited link's, a new QR code's), as a person
 * looking for a field there does: the groups are closed until asked for.
 */
export async function openOptionGroups(form: Locator): Promise<void> {
  const closed = form.getByRole('heading').getByRole('button', { expanded: false });
  while ((await closed.count()) > 0) await closed.first().click();
}

/** The dashboard's first link row whose long address contains `text`: by the whole address, which a row may show cut in its middle. */
export function linkRowTo(page: Page, text: string): Locator {
  return page
    .getByTestId('link-row')
    .filter({ has: page.locator(`[data-whole*="${text}"]`) })
    .first();
}
