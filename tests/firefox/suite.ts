import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'puppeteer-core';
import { SECTION_MARKS } from '../e2e/sections';
import type { WebPages } from '../e2e/web-pages';
import { button, field, openTab, poll, textOf, WAIT_MS, waitForText } from './pages';
import type { Service } from './service';

export interface Step {
  name: string;
  run: () => Promise<void>;
}

interface Context {
  /** Named so, not `browser`: code evaluated in the extension's pages uses their `browser` global. */
  firefox: Browser;
  extensionUrl: (page: string) => string;
  problems: string[];
  service: Service;
  web: WebPages;
}

const ADD_LINK = 'POST /api/url/add';
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The steps, in order, in one browser: each builds on what the ones before it left (a connection,
 * links, a service taken down). A step that fails ends the run.
 */
export function firefoxSteps({ firefox, extensionUrl, problems, service, web }: Context): Step[] {
  let dashboard: Page;
  const open = (url: string) => openTab(firefox, url);

  /** A web page in a tab of its own, and its tab id as the extension's pages see it. */
  async function webTab(pagePath: string): Promise<number> {
    const url = web.url(pagePath);
    await open(url);
    const tabId = await dashboard.evaluate(
      async (u) => (await browser.tabs.query({})).find((t) => t.url === u)?.id ?? -1,
      url,
    );
    assert.ok(tabId > 0, `the extension sees the tab of ${url}`);
    return tabId;
  }

  /** The popup about a tab, as its pop-out window opens it. */
  const popupFor = (tabId: number) => open(extensionUrl(`popup.html?tab=${tabId}`));

  // Firefox's promise-returning forms of MV2 APIs, which the Chrome types describe with callbacks.
  const badge = () =>
    dashboard.evaluate(() =>
      (browser.browserAction as unknown as { getBadgeText(details: object): Promise<string> }).getBadgeText({}),
    );

  /** The active mirror's queue as stored: each change's state, and in how many ms it may go again. */
  const queue = () =>
    dashboard.evaluate(async () => {
      const stored = (await browser.storage.local.get('connection')).connection as {
        activeId: string;
        list: { id: string; database: string }[];
      };
      const name = stored.list.find((c) => c.id === stored.activeId)!.database;
      const db = await new Promise<IDBDatabase>((opened, failed) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => opened(request.result);
        request.onerror = () => failed(request.error);
      });
      try {
        return await new Promise<{ state: string; dueInMs: number }[]>((read, failed) => {
          const request = db.transaction('outbox').objectStore('outbox').getAll();
          request.onsuccess = () =>
            read(request.result.map((e) => ({ state: e.state, dueInMs: e.notBefore - Date.now() })));
          request.onerror = () => failed(request.error);
        });
      } finally {
        db.close();
      }
    });

  // A tab behind others takes no clicks: the dashboard is brought to the front before each use.
  async function syncNow(): Promise<void> {
    await dashboard.bringToFront();
    await dashboard.click('a[href="#/sync"]');
    await (await button(dashboard, 'Sync now')).click();
    await waitForText(dashboard, 'Everything is saved on the service.').catch(async (error: Error) => {
      // What was waiting instead, and what the sync centre said of it, for whoever reads the failure.
      const said = await dashboard.evaluate(() => document.querySelector('main')?.innerText.slice(0, 600) ?? '');
      throw new Error(`${error.message}; queued: ${JSON.stringify(await queue())}; the sync centre said: ${said}`);
    });
  }

  /** Shortens a page from the popup while the service is down: the link waits in the queue. */
  async function shortenOffline(pagePath: string): Promise<Page> {
    const popup = await popupFor(await webTab(pagePath));
    await (await button(popup, 'Shorten this page')).click();
    await textOf(popup, 'short-url-pending');
    assert.equal(await poll(badge, (text) => text === '1'), '1', 'the toolbar badge counts the waiting change');
    return popup;
  }

  /** The service is back: the queued link is sent once, and the popup shows its short URL. */
  async function sentOnceWhenBack(popup: Page, pagePath: string, addsBefore: number): Promise<void> {
    await service.up();
    await syncNow();
    const stored = service.linksFor(web.url(pagePath));
    assert.equal(stored.length, 1, 'one link on the service');
    assert.equal(service.count(ADD_LINK) - addsBefore, 1, 'the service received the create once');
    assert.match(await textOf(popup, 'short-url'), new RegExp(`/${stored[0]!.alias}$`));
    assert.equal(await poll(badge, (text) => text === ''), '', 'the badge is cleared');
  }

  return [
    {
      name: 'console errors and uncaught errors reach the suite (what later steps rely on)',
      run: async () => {
        dashboard = await open(extensionUrl('dashboard.html#/settings'));
        await dashboard.evaluate(() => {
          console.error('a console error on purpose');
          setTimeout(() => {
            throw new Error('an uncaught error on purpose');
          });
        });
        await poll(
          async () => problems.length,
          (n) => n >= 2,
        );
        assert.match(problems.join('\n'), /a console error on purpose/);
        assert.match(problems.join('\n'), /an uncaught error on purpose/);
        problems.length = 0;
      },
    },
    {
      name: 'connects through Settings',
      run: async () => {
        await (await field(dashboard, 'Service URL')).type(service.url);
        await (await field(dashboard, 'API key')).type(service.apiKey);
        await (await button(dashboard, 'Connect')).click();
        assert.equal(await textOf(dashboard, 'account-email'), 'demo@linkpilot.test');
      },
    },
    {
      name: "the mirror lists the account's links",
      run: async () => {
        await dashboard.click('a[href="#/links"]');
        const aliases = service.allLinks().map((l) => l.alias);
        assert.ok(aliases.length >= 3, 'the demo account has links');
        const shown = await poll(
          () =>
            dashboard.$$eval('[data-testid="link-row"]', (rows) =>
              rows.map((r) => r.textContent ?? '').filter((text) => text.length > 0),
            ),
          (rows) => rows.length === aliases.length,
        );
        assert.equal(shown.length, aliases.length);
        for (const alias of aliases)
          assert.ok(
            shown.some((row) => row.includes(`/${alias}`)),
            `${alias} is listed`,
          );
      },
    },
    {
      name: '"Shorten this page" in the popup makes one link, received once, with the page\'s title',
      run: async () => {
        const before = service.count(ADD_LINK);
        const popup = await popupFor(await webTab('/firefox-article'));
        await (await button(popup, 'Shorten this page')).click();
        const shown = await textOf(popup, 'short-url');
        const stored = service.linksFor(web.url('/firefox-article'));
        assert.equal(stored.length, 1, 'one link on the service');
        assert.equal(service.count(ADD_LINK) - before, 1, 'the service received the create once');
        assert.equal(stored[0]!.metatitle, 'Article firefox-article');
        assert.equal(shown, `127.0.0.1:${service.port}/${stored[0]!.alias}`);
      },
    },
    {
      name: 'the short URL reaches the clipboard',
      run: async () => {
        const [stored] = service.linksFor(web.url('/firefox-article'));
        const reader = await open(web.url('/clipboard-reader'));
        const copied = await poll(
          () => reader.evaluate(() => navigator.clipboard.readText()),
          (text) => text.endsWith(`/${stored!.alias}`),
        );
        assert.equal(copied, `${service.url}/${stored!.alias}`);
        await reader.close();
      },
    },
    {
      name: 'a page shortened offline is queued, and sent exactly once when the service is back',
      run: async () => {
        const before = service.count(ADD_LINK);
        await service.down();
        const popup = await shortenOffline('/offline-article');
        await sentOnceWhenBack(popup, '/offline-article', before);
      },
    },
    {
      name: 'the background page reloaded with a change queued starts again and sends it once',
      run: async () => {
        const before = service.count(ADD_LINK);
        await service.down();
        const popup = await shortenOffline('/reloaded-article');
        // When the background page started (0 while there is none, or it is still loading).
        const started = () =>
          dashboard
            .evaluate(() => {
              const background = browser.extension.getBackgroundPage() as unknown as typeof globalThis | null;
              return background?.document.readyState === 'complete' ? background.performance.timeOrigin : 0;
            })
            .catch(() => 0);
        const first = await started();
        assert.ok(first > 0, 'the background page is there');
        // The badge outlives the page: cleared here, it shows the queue again only if the new page reads it.
        await dashboard.evaluate(() => browser.browserAction.setBadgeText({ text: '' }));
        // Reloaded between two tries of the old page, not during one: a page gone with its request on
        // the wire leaves the change to wait out that request's timeout (15 s) before it may go again,
        // lest it be sent twice (recoverInflight, lib/sync/outbox.ts), longer than Sync now is waited
        // for here. The old page tries again 1–2 s after the first failure, then 2–4 s after that.
        const between = await poll(queue, (q) => q.length === 1 && q[0]!.state === 'pending' && q[0]!.dueInMs >= 1_000);
        assert.ok(between[0]?.state === 'pending' && between[0].dueInMs >= 1_000, 'the change waits for its next try');
        await dashboard.evaluate(() =>
          (browser.extension.getBackgroundPage() as unknown as typeof globalThis | null)?.location.reload(),
        );
        const again = await poll(started, (t) => t > first);
        assert.ok(again > first, 'a new background page started');
        assert.equal(await poll(badge, (text) => text === '1'), '1', 'the new background page counts the change');
        await sentOnceWhenBack(popup, '/reloaded-article', before);
      },
    },
    {
      name: "the dashboard's sections open with no console error",
      run: async () => {
        await dashboard.bringToFront();
        for (const [route, { testId, nth }] of Object.entries(SECTION_MARKS)) {
          await dashboard.click(`a[href="#/${route}"]`);
          await textOf(dashboard, testId, nth).catch(async () => {
            const seen = await dashboard.evaluate(() => `${location.hash}: ${document.body.innerText.slice(0, 400)}`);
            assert.fail(`section ${route} shows no ${testId}; the page shows ${seen}`);
          });
        }
        assert.deepEqual(problems, []);
      },
    },
    {
      name: 'the popup has no serious accessibility violation (axe), shortened and not',
      run: async () => {
        for (const [pagePath, shortened] of [
          ['/firefox-article', true],
          ['/axe-article', false],
        ] as const) {
          const popup = await popupFor(await webTab(pagePath));
          if (shortened) await textOf(popup, 'short-url');
          else await button(popup, 'Shorten this page');
          await textOf(popup, 'recent-link');
          await popup.evaluate(axeSource);
          const violations = await popup.evaluate(async () => {
            const { axe } = window as unknown as {
              axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact: string }[] }> };
            };
            return (await axe.run(document)).violations
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => v.id);
          });
          assert.deepEqual(violations, [], `${pagePath}: ${violations.join(', ')}`);
        }
      },
    },
    {
      name: 'no console or uncaught error anywhere (the background page too), no create sent late, every request with Connection: close',
      run: async () => {
        assert.deepEqual(problems, []);
        // No create came again late: one request for each page shortened above.
        assert.equal(service.count(ADD_LINK), 3);
        // Each request on a connection of its own, so that Firefox never resends one by itself either.
        assert.deepEqual(service.reused, []);
      },
    },
  ].map((step) => ({ ...step, run: () => withTimeout(step.run(), 4 * WAIT_MS, step.name) }));
}

function withTimeout<T>(work: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name}: not done within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
