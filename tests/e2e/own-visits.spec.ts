import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { expect, test } from './fixtures';
import { connectExtension, openTab, serverList } from './support';

interface ServerLink {
  id: number;
  shorturl: string;
  longurl: string;
  clicks: number;
}

/** A link made here by the shortcut on a tab at `destination`: the extension knows how it redirects. */
async function linkMadeHere(
  context: BrowserContext,
  worker: Worker,
  server: RunningServer,
  destination: string,
): Promise<ServerLink> {
  const { page, tabId } = await openTab(context, worker, destination);
  await worker.evaluate(async (tabId) => {
    const tab = await chrome.tabs.get(tabId);
    (chrome.commands.onCommand as unknown as Dispatchable).dispatch('shorten-current-tab', tab);
  }, tabId);
  let found: ServerLink | undefined;
  await expect
    .poll(
      async () => {
        found = (await serverList<ServerLink>(server, '/api/urls', 'urls')).find((l) => l.longurl === destination);
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await page.close();
  return found!;
}

const clicksOf = async (server: RunningServer, id: number) =>
  (await serverList<ServerLink>(server, '/api/urls', 'urls')).find((l) => l.id === id)?.clicks;

const ruleCount = (worker: Worker) =>
  worker.evaluate(async () => (await chrome.declarativeNetRequest.getDynamicRules()).length);

/** Opens an address in a new tab as a person would, and returns the page wherever it ends up. */
async function visit(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  // The redirect through the extension's page ends the first navigation early; where it lands is what counts.
  await page.goto(url).catch(() => undefined);
  return page;
}

test('with the setting on, your own plain link goes straight to its destination uncounted; others still reach the service', async ({
  context,
  server,
  worker,
  extensionId,
  extensionUrl,
  web,
}) => {
  const settings = await context.newPage();
  await connectExtension(settings, extensionUrl, server);
  const destination = web.url('/own-destination');
  // The branded domain's host is granted beforehand, each time it is asked for: a headless browser
  // cannot answer the prompt.
  const grantBrandedHost = async () => {
    const extensions = await context.newPage();
    await extensions.goto('chrome://extensions/');
    await extensions.evaluate(
      (id) =>
        (
          chrome as unknown as { developerPrivate: { addHostPermission(id: string, host: string): Promise<void> } }
        ).developerPrivate.addHostPermission(id, 'https://go.linkpilot.test/*'),
      extensionId,
    );
    await extensions.close();
  };
  const hasHost = (origin: string) => worker.evaluate((o) => chrome.permissions.contains({ origins: [o] }), origin);
  await grantBrandedHost();
  await settings.goto(extensionUrl('dashboard.html#/settings'));
  // Its state follows the stored setting, written once the browser has answered about the hosts.
  await settings.getByLabel('Open my own short links without counting the visit').click();
  await expect(settings.getByLabel('Open my own short links without counting the visit')).toBeChecked();
  // Made while the setting is on: which links are plain is learnt as they are made.
  const plain = await linkMadeHere(context, worker, server, destination);
  await expect.poll(() => ruleCount(worker), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await hasHost('https://go.linkpilot.test/*')).toBe(true);
  await settings.getByLabel('Open my own short links without counting the visit').click();
  await expect(settings.getByLabel('Open my own short links without counting the visit')).not.toBeChecked();
  await expect.poll(() => ruleCount(worker), { timeout: 15_000 }).toBe(0);
  // Turned off, the branded domain's host access is given back; the service's own is kept.
  await expect.poll(() => hasHost('https://go.linkpilot.test/*'), { timeout: 15_000 }).toBe(false);
  const service = new URL(server.url);
  expect(await hasHost(`${service.protocol}//${service.hostname}/*`)).toBe(true);
  // A password-protected link: the service must ask for the password, so it is never skipped.
  const added = await fetch(`${server.url}/api/url/add`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: web.url('/locked-destination'), password: 'open sesame' }),
  });
  const locked = (await added.json()) as { shorturl: string };

  // Off: the visit reaches the service and is counted.
  expect(await clicksOf(server, plain.id)).toBe(0);
  const counted = await visit(context, plain.shorturl);
  await expect.poll(() => counted.url()).toBe(destination);
  await expect.poll(() => clicksOf(server, plain.id)).toBe(1);
  await counted.close();
  await grantBrandedHost();
  await settings.getByLabel('Open my own short links without counting the visit').click();
  await expect(settings.getByLabel('Open my own short links without counting the visit')).toBeChecked();
  await expect.poll(() => ruleCount(worker), { timeout: 15_000 }).toBeGreaterThan(0);

  const uncounted = await visit(context, plain.shorturl);
  await expect.poll(() => uncounted.url()).toBe(destination);
  await expect(uncounted.getByRole('heading', { name: 'Article own-destination' })).toBeVisible();
  await expect(settings.getByTestId('own-visits-count')).toHaveText('1');
  expect(await clicksOf(server, plain.id)).toBe(1);
  await uncounted.close();

  const asked = await visit(context, locked.shorturl);
  await expect(asked.locator('input[type="password"]')).toBeVisible();
  expect(asked.url()).toBe(locked.shorturl);
  await asked.close();

  // Off again: the rules are gone and the visit is counted.
  await settings.getByLabel('Open my own short links without counting the visit').click();
  await expect(settings.getByLabel('Open my own short links without counting the visit')).not.toBeChecked();
  await expect.poll(() => ruleCount(worker), { timeout: 15_000 }).toBe(0);
  const again = await visit(context, plain.shorturl);
  await expect.poll(() => again.url()).toBe(destination);
  await expect.poll(() => clicksOf(server, plain.id)).toBe(2);
  await expect(settings.getByTestId('own-visits-count')).toHaveText('1');
});
