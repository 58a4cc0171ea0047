import type { Page } from '@playwright/test';

// What the popup's boot script drew into its root before React's first render (lib/browser/early-first-screen.ts).

/**
 * Notes, from the start of each page it is an init script of, what the popup's root held before React's first
 * render replaced it: the text of the picture drawn into it, if one was; and how many rows the live list had
 * when React's first render put it there.
 */
export function notePicture() {
  const seen = { drawn: '', listTop: Number.NaN, firstLiveRows: Number.NaN };
  (globalThis as unknown as { linkpilotPicture: typeof seen }).linkpilotPicture = seen;
  new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (node instanceof HTMLElement && node.hasAttribute('inert') && node.parentElement?.id === 'root') {
          seen.drawn = node.textContent ?? '';
          seen.listTop = node.querySelector('ul')?.getBoundingClientRect().top ?? Number.NaN;
        }
      }
    }
    const live = document.querySelector('#root [data-testid="recent-links"]');
    if (live && Number.isNaN(seen.firstLiveRows)) {
      seen.firstLiveRows = live.querySelectorAll('[data-testid="recent-link"]').length;
    }
  }).observe(document, { subtree: true, childList: true });
}

/** The text of the picture the page's popup drew, empty when it drew none. */
export function pictureDrawn(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as { linkpilotPicture: { drawn: string } }).linkpilotPicture.drawn);
}
