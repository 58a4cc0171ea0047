import type { BrowserContext, Page } from '@playwright/test';
import type { RunningServer } from '../../server/start';
import { launchWithExtension } from '../e2e/browser';
import { readMeta } from '../e2e/meta';

/** The built extension in Chromium, connected to `server`, with its first mirror complete. */
export async function connectedExtension(server: RunningServer, mirrorTimeoutMs = 300_000) {
  const launched = await launchWithExtension();
  const page = await launched.context.newPage();
  await page.goto(`chrome-extension://${launched.extensionId}/dashboard.html#/settings`);
  await page.getByLabel('Service URL').fill(server.url);
  await page.getByLabel('API key').fill(server.apiKey);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByTestId('account-email').waitFor();
  await waitForMirror(page, mirrorTimeoutMs);
  return { ...launched, page };
}

/** Waits until the pull is complete (no pull cursor left in IndexedDB). */
export async function waitForMirror(page: Page, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const cursor = await readMeta(page, 'pull:cursor');
    const done = cursor !== undefined && cursor.value === null;
    if (done) return;
    await page.waitForTimeout(250);
  }
  throw new Error('bench: the first mirror did not finish in time');
}

/** The size Chromium gives the popup (its largest is 800×600): what is in view is what is painted first. */
export const POPUP_VIEWPORT = { width: 400, height: 600 };

/** A new page of the popup's size, for the popup and for any page it is compared with. */
export async function popupSizedPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize(POPUP_VIEWPORT);
  return page;
}

/**
 * Milliseconds from navigation start until the popup's recent list was painted (the Element Timing
 * entries of its text, as the browser records the paint itself): `first`, whichever came first, the
 * picture of the last first screen or the live list; `live`, the live list, which can be used.
 * `first` is also bounded by the first contentful paint: the picture's elements report no Element
 * Timing entry (parsed in a document of their own, then moved in), and every first paint of the popup
 * holds its list (the picture's header and list, or React's first screen).
 */
export async function popupPaintsMs(context: BrowserContext, url: string): Promise<{ first: number; live: number }> {
  const page = await popupSizedPage(context);
  try {
    await page.goto(url);
    return await page.evaluate(
      () =>
        new Promise<{ first: number; live: number }>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('bench: the recent list was never painted')), 30_000);
          let first = Number.POSITIVE_INFINITY;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              identifier: string;
              renderTime: number;
            })[]) {
              if (entry.identifier.startsWith('linkpilot:recent')) first = Math.min(first, entry.renderTime);
              if (entry.identifier !== 'linkpilot:recent') continue;
              clearTimeout(timer);
              const contentful = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
              resolve({ first: Math.min(first, contentful ?? first), live: entry.renderTime });
            }
          }).observe({ type: 'element', buffered: true });
        }),
    );
  } finally {
    await page.close();
  }
}

/** What a page opened as the toolbar's popup painted, in ms from its navigation start, and its size. */
export interface ToolbarPopupPaints {
  /** The first contentful paint, or the recent list's when that came first (as popupPaintsMs). */
  first: number;
  /** The live recent list; NaN for a page without one. */
  live: number;
  /** When the browser showed the popup: it is hidden until its first load has finished. */
  shown: number;
  /**
   * The sum of the layout shifts (Layout Instability API) from navigation until the popup said it was
   * ready and a further 300 ms had passed: 0 when nothing on screen moved while it opened. NaN for a page
   * without the list.
   */
  layoutShift: number;
  width: number;
  height: number;
}

/**
 * Opens `file` of the extension as the toolbar's popup itself (chrome.action.openPopup), as a click on
 * the icon does, from `controller`, a page of the extension, and reads what it painted through the
 * popup's window (chrome.extension.getViews), then closes it. A tab is not what people see: the
 * browser keeps a popup hidden until its first load has finished and shows it then, while a tab is
 * painted as it loads. `withList`: wait for the live recent list too (the popup), and for it to say
 * the popup is ready (its layout shifts then summed), else for the first contentful paint (a blank page).
 */
export async function toolbarPopupPaints(
  controller: Page,
  file: string,
  withList: boolean,
): Promise<ToolbarPopupPaints> {
  return (await controller.evaluate(
    `(async () => {
      const file = ${JSON.stringify(file)};
      const withList = ${JSON.stringify(withList)};
      await chrome.action.setPopup({ popup: file });
      try {
        await chrome.action.openPopup();
        let view;
        // Bounded: about 5 s.
        for (let i = 0; i < 2500 && !view; i++) {
          view = chrome.extension.getViews({ type: 'popup' })[0];
          if (!view) await new Promise((r) => setTimeout(r, 2));
        }
        if (!view) throw new Error('bench: the toolbar popup did not open');
        let layoutShift = 0;
        new view.PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        const painted = await new Promise((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('bench: the popup was never painted')), 30000);
          let first = Infinity;
          let live = NaN;
          const settle = () => {
            const contentful = view.performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
            if (contentful === undefined || (withList && Number.isNaN(live))) return;
            clearTimeout(timer);
            const shown = view.performance.getEntriesByType('visibility-state').find((e) => e.name === 'visible');
            resolve({ first: Math.min(first, contentful), live, shown: shown ? shown.startTime : 0, width: view.innerWidth, height: view.innerHeight });
          };
          new view.PerformanceObserver(settle).observe({ type: 'paint', buffered: true });
          new view.PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.identifier.startsWith('linkpilot:recent')) first = Math.min(first, entry.renderTime);
              if (entry.identifier === 'linkpilot:recent' && Number.isNaN(live)) live = entry.renderTime;
            }
            settle();
          }).observe({ type: 'element', buffered: true });
        });
        if (withList) {
          const ready = '[data-testid="recent-links"][data-ready="true"]';
          // Bounded: about 5 s.
          for (let i = 0; i < 500 && !view.document.querySelector(ready); i++) await new Promise((r) => setTimeout(r, 10));
          await new Promise((r) => setTimeout(r, 300));
        }
        painted.layoutShift = withList ? layoutShift : NaN;
        view.close();
        for (let i = 0; i < 500 && chrome.extension.getViews({ type: 'popup' }).length; i++) {
          await new Promise((r) => setTimeout(r, 5));
        }
        return painted;
      } finally {
        await chrome.action.setPopup({ popup: 'popup.html' });
      }
    })()`,
  )) as ToolbarPopupPaints;
}
