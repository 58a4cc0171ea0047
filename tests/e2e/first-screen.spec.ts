import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { seedLinks } from '../bench/seed';
import { EXTENSION_DIR, launchWithExtension } from './browser';
import { expect, test } from './fixtures';
import { PopupPage } from './pages/PopupPage';
import { notePicture } from './picture';
import { connectExtension } from './support';

/** Where the popup's live list stands once it has stopped moving (the same place in three looks, 300 ms apart). */
async function settledListTop(page: Page): Promise<number> {
  const list = page.locator('ul.recent-list:not([inert] *)');
  const tops: number[] = [];
  await expect
    .poll(
      async () => {
        tops.push(await list.evaluate((l) => l.getBoundingClientRect().top));
        return tops.length >= 3 && tops.slice(-3).every((top) => top === tops.at(-1));
      },
      { intervals: [300], timeout: 15_000 },
    )
    .toBe(true);
  return tops.at(-1)!;
}

/** The layout shifts the page has had (the Layout Instability API's entries: what moved, from where to where). */
function layoutShifted(page: Page): Promise<{ value: number; moved: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        type Shift = PerformanceEntry & { value: number; sources: Source[] };
        const shifts: { value: number; moved: string[] }[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            const moved = entry.sources.map(
              (s) =>
                `${s.node instanceof Element ? s.node.className : String(s.node)} at ${Math.round(entry.startTime)} ms: ` +
                `top ${Math.round(s.previousRect.top)} → ${Math.round(s.currentRect.top)}`,
            );
            shifts.push({ value: entry.value, moved });
          }
        }).observe({ type: 'layout-shift', buffered: true });
        // The buffered entries are delivered in a task of their own.
        setTimeout(() => resolve(shifts), 100);
      }),
  );
}

/** The popup about `tabId`, opened afresh at the toolbar popup's size. */
async function popupOpened(context: BrowserContext, extensionUrl: (page: string) => string, tabId: number) {
  const popup = new PopupPage(await context.newPage(), extensionUrl('popup.html'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await popup.openFor(tabId);
  return popup;
}

test('the popup opens on the picture of its last first screen, which the live list then replaces; none once disconnected', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  // More links than a 600-pixel popup shows.
  await seedLinks(server, 24);
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup, tabId } = await popupFor(web.url('/kept-for-later'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await popup.shortenButton().click();
  await expect(popup.recentLinks().filter({ hasText: 'kept-for-later' })).toHaveCount(1);
  await popup.page.close();
  const noting = await context.addInitScript(notePicture);

  // The picture kept as the popup closed: its list, without a search, nothing a test or a click could use.
  const reopened = await popupOpened(context, extensionUrl, tabId);
  const kept = await reopened.page.evaluate(() => localStorage.getItem('linkpilot:first-screen'));
  const picture = JSON.parse(kept!) as { html: string; lang: string; rowsInView: number };
  expect(picture.html).toContain('kept-for-later');
  expect(picture.html).toMatch(/^<div inert>/);
  expect(picture.html).not.toContain('data-testid');
  expect(picture.lang).toBe('en-US');
  // Only the rows that were in view: the rest would cost the first paint and show nothing.
  const rowsKept = picture.html.match(/<li /g)?.length ?? 0;
  expect(rowsKept).toBeGreaterThanOrEqual(3);
  expect(rowsKept).toBeLessThan(20);
  expect(picture.rowsInView).toBe(rowsKept);

  // Drawn before the live list, which then stands alone.
  await reopened.expectReady();
  const drawn = await reopened.page.evaluate(
    () => (globalThis as unknown as { linkpilotPicture: { drawn: string; firstLiveRows: number } }).linkpilotPicture,
  );
  expect(drawn.drawn).toContain('kept-for-later');
  // The live list's first render draws the rows the picture held in view, and the rest once painted.
  expect(drawn.firstLiveRows).toBe(rowsKept);
  await expect(reopened.page.locator('#root [inert]')).toHaveCount(0);
  await expect(reopened.recentLinks().filter({ hasText: 'kept-for-later' })).toHaveCount(1);
  await expect(reopened.recentLinks()).toHaveCount(20);
  // Closed once its page's card has settled (its link, statistics and lists load after the first
  // paint): the picture keeps the list where it then stood. Closed sooner, it keeps that moment's.
  await expect(reopened.shortUrl()).toBeVisible();
  await expect(reopened.page.getByTestId('assign')).toBeVisible();
  const keptTop = await settledListTop(reopened.page);
  await reopened.page.close();

  // Opened again on the same page, the picture's list stands where the live one then stands: below
  // the room the page's card took, so the live screen does not move it.
  const again = await popupOpened(context, extensionUrl, tabId);
  await again.expectReady();
  const pictureTop = await again.page.evaluate(
    () => (globalThis as unknown as { linkpilotPicture: { listTop: number } }).linkpilotPicture.listTop,
  );
  expect(Math.abs(pictureTop - keptTop)).toBeLessThanOrEqual(2);
  // The live screen, settled, puts it there too, and nothing on screen moved on the way there.
  expect(Math.abs(pictureTop - (await settledListTop(again.page)))).toBeLessThanOrEqual(2);
  expect(await layoutShifted(again.page)).toEqual([]);
  await again.page.close();

  // Disconnected, the picture goes with the copy of the data, and the next popup has no list.
  const settings = await context.newPage();
  await settings.goto(extensionUrl('dashboard.html#/settings'));
  await settings.getByRole('button', { name: 'Disconnect' }).click();
  await settings.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(settings.getByRole('heading', { name: 'Connect Linkpilot to your link service' })).toBeVisible();
  // Removed with the rest of the account's data, before any popup opens again.
  expect(await settings.evaluate(() => localStorage.getItem('linkpilot:first-screen'))).toBeNull();
  const empty = await context.newPage();
  await empty.goto(extensionUrl('popup.html'));
  await expect(empty.getByRole('button', { name: 'Connect in Settings' })).toBeVisible();
  expect(await empty.evaluate(() => localStorage.getItem('linkpilot:first-screen'))).toBeNull();
  await noting.dispose();
});

test('with the service out of reach, the banner above the card is in the held room: reopened, nothing moves', async ({
  context,
  server,
  extensionUrl,
  popupFor,
  web,
}) => {
  await seedLinks(server, 24);
  await connectExtension(await context.newPage(), extensionUrl, server);
  const { popup, tabId } = await popupFor(web.url('/read-offline'));
  await popup.page.setViewportSize({ width: 400, height: 600 });
  await server.close();
  await popup.shortenButton().click();
  await expect(popup.page.getByTestId('offline-banner')).toBeVisible({ timeout: 20_000 });
  await expect(popup.page.getByTestId('pending-note')).toBeVisible();
  await popup.page.close();
  // Opened once more, as the next opening will find it (the note on the queued link was this popup's own).
  const between = await popupOpened(context, extensionUrl, tabId);
  await between.expectReady();
  await expect(between.page.getByTestId('offline-banner')).toBeVisible();
  await settledListTop(between.page);
  await between.page.close();

  // Reopened: the picture holds the room of the banner and the card, and the live popup fills it.
  const again = await popupOpened(context, extensionUrl, tabId);
  await again.expectReady();
  await expect(again.page.getByTestId('offline-banner')).toBeVisible();
  await settledListTop(again.page);
  expect(await layoutShifted(again.page)).toEqual([]);
});

test('opened from the toolbar, the popup is shown with the picture before its modules run', async ({
  context,
  server,
  extensionUrl,
  web,
  popupFor,
}) => {
  await seedLinks(server, 24);
  const controller = await context.newPage();
  await connectExtension(controller, extensionUrl, server);
  // A picture kept by an earlier opening.
  const { popup } = await popupFor(web.url('/toolbar'));
  await popup.expectReady();
  await popup.page.close();
  expect(await controller.evaluate(() => localStorage.getItem('linkpilot:first-screen'))).toMatch(/<div inert>/);

  // The browser keeps the toolbar's popup hidden until its first load has finished: a module asked
  // for before then would be part of that load and hold the popup back: the boot script imports them
  // once the picture's frame has left the page, and they run as they come. Watched from the moment the
  // popup's window exists, by the page that opened it.
  const seen = await controller.evaluate(async () => {
    await chrome.action.openPopup();
    let view: (Window & typeof globalThis) | undefined;
    for (let i = 0; i < 2500 && !view; i++) {
      view = chrome.extension.getViews({ type: 'popup' })[0] as (Window & typeof globalThis) | undefined;
      if (!view) await new Promise((r) => setTimeout(r, 2));
    }
    if (!view) throw new Error('the toolbar popup did not open');
    const popupWindow = view;
    const painted = new Map<string, number>();
    new popupWindow.PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
        if (!painted.has(entry.identifier)) painted.set(entry.identifier, entry.renderTime);
      }
    }).observe({ type: 'element', buffered: true });
    const ready = () =>
      popupWindow.performance.getEntriesByName('first-contentful-paint').length > 0 &&
      painted.has('linkpilot:recent') &&
      popupWindow.document.querySelector('ul.recent-list:not([inert] *)') !== null;
    for (let i = 0; i < 1000 && !ready(); i++) await new Promise((r) => setTimeout(r, 10));
    const loaded = popupWindow.performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const shown = popupWindow.performance.getEntriesByType('visibility-state').find((e) => e.name === 'visible');
    const result = {
      loadEnd: loaded.loadEventEnd,
      shownAt: shown?.startTime ?? Number.NaN,
      // The first contentful paint: the picture's, unless the live list came in the same frame.
      pictureAt: popupWindow.performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      liveAt: painted.get('linkpilot:recent') ?? Number.NaN,
      // When the popup's modules ran (entrypoints/popup/main.tsx).
      moduleAt: popupWindow.performance.getEntriesByName('linkpilot:popup-modules')[0]?.startTime ?? Number.NaN,
      live: Boolean(popupWindow.document.querySelector('ul.recent-list:not([inert] *)')),
    };
    popupWindow.close();
    return result;
  });
  expect(seen.live).toBe(true);
  // Loaded, then shown, and only then the modules run; the picture painted, and the live list in
  // a later frame.
  expect(seen.loadEnd).toBeGreaterThan(0);
  expect(seen.shownAt).toBeGreaterThanOrEqual(seen.loadEnd);
  expect(seen.moduleAt).toBeGreaterThan(seen.shownAt);
  expect(seen.pictureAt).toBeGreaterThanOrEqual(seen.shownAt);
  expect(seen.liveAt).toBeGreaterThan(seen.pictureAt);
});

test('a popup whose modules fail to load says so in its language and loads again when asked, instead of an inert picture', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'linkpilot-broken-'));
  const extensionDir = path.join(dir, 'extension');
  cpSync(EXTENSION_DIR, extensionDir, { recursive: true });
  const entry = path.join(extensionDir, 'chunks', 'popup.js');
  const whole = readFileSync(entry, 'utf8');
  // A damaged file: it is read, but throws as it runs.
  writeFileSync(entry, "throw new Error('a damaged file');\n");
  const { context, extensionId } = await launchWithExtension('ar', { extensionDir });
  try {
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 600 });
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('تعذّر تشغيل Linkpilot');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const again = page.getByRole('button', { name: 'أعد المحاولة' });
    await expect(again).toBeFocused();
    await page.screenshot({ path: test.info().outputPath('popup-start-failed-ar.png') });

    // Mended (as a reinstall or the finished update would): asked again, the popup starts.
    writeFileSync(entry, whole);
    await again.click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.locator('.welcome')).toBeVisible();
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
