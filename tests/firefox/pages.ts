import type { Browser, ElementHandle, Page } from 'puppeteer-core';

/** How long a page gets to show what a step waits for. */
export const WAIT_MS = 15_000;
/**
 * How often a page is asked again. By an interval, not animation frames (puppeteer's default):
 * a tab in the background gets none, and the suite keeps pages open behind the one it opened last.
 */
const POLL_MS = 100;

/**
 * Goes to `url` in `page`, and waits until its document is loaded. Firefox reports no navigation
 * events of an extension's pages over the remote protocol, so `goto` cannot wait for them: it is
 * given a moment, and the document is asked where it is instead.
 */
export async function go(page: Page, url: string): Promise<void> {
  await page.goto(url, { timeout: 500 }).catch((error: unknown) => {
    if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
  });
  const at = () => page.evaluate(() => `${document.readyState} ${location.href}`).catch(() => '');
  const where = await poll(at, (now) => now === `complete ${url}`);
  if (where !== `complete ${url}`) throw new Error(`${url} did not load (${where || 'no document'})`);
}

/** Opens `url` in a new tab. */
export async function openTab(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await go(page, url);
  return page;
}

/** Waits for the `nth` element with this test id and returns its text. */
export async function textOf(page: Page, testId: string, nth = 0): Promise<string> {
  const handle = await page.waitForFunction(
    (id, n) => {
      const element = document.querySelectorAll(`[data-testid="${id}"]`)[n];
      // In an array: an element with no text ('') is there all the same.
      return element ? [element.textContent ?? ''] : null;
    },
    { timeout: WAIT_MS, polling: POLL_MS },
    testId,
    nth,
  );
  return ((await handle.jsonValue()) as string[])[0]!;
}

/** Waits until the page's text contains `text`. */
export async function waitForText(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.body.innerText.includes(t), { timeout: WAIT_MS, polling: POLL_MS }, text);
}

/** The form control whose <label> reads `label` exactly, once it is there. */
export async function field(page: Page, label: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (text) => [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === text)?.control ?? null,
    { timeout: WAIT_MS, polling: POLL_MS },
    label,
  );
  return handle as ElementHandle<Element>;
}

/** The enabled button whose accessible name (aria-label, else its text) is `name`, once it is there. */
export async function button(page: Page, name: string): Promise<ElementHandle<Element>> {
  const handle = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll('button')].find(
        (b) => !b.disabled && (b.getAttribute('aria-label') ?? b.textContent?.trim()) === text,
      ) ?? null,
    { timeout: WAIT_MS, polling: POLL_MS },
    name,
  );
  return handle as ElementHandle<Element>;
}

/** Polls `read` until `done` holds of its value (bounded by WAIT_MS), and returns the last value. */
export async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = WAIT_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}
