import { browser } from 'wxt/browser';

/** Copies from an extension page (popup, dashboard), where the Clipboard API works after a click. */
export async function copyFromPage(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** The offscreen document being made, so that two callers never both create it (the browser allows one). */
let making: Promise<void> | null = null;

/**
 * Makes the worker's clipboard (its offscreen document) ready. Creating it takes a few hundred
 * milliseconds the first time after the worker starts, so a shortcut starts it beside its request
 * instead of after the answer.
 */
export function readyWorkerClipboard(): Promise<void> {
  const offscreen = browser.offscreen;
  if (!offscreen) return Promise.resolve();
  making ??= (async () => {
    const has = await (offscreen as unknown as { hasDocument?: () => Promise<boolean> }).hasDocument?.();
    if (has) return;
    await offscreen.createDocument({
      url: browser.runtime.getURL('/offscreen.html'),
      reasons: ['CLIPBOARD'],
      justification: 'Copy the new short URL to the clipboard',
    });
  })().finally(() => {
    making = null;
  });
  return making;
}

/**
 * Copies from the service worker, which has no clipboard: an offscreen document does it. Its
 * Clipboard API refuses ("Document is not focused"), so it uses execCommand('copy') on a textarea.
 */
export async function copyFromWorker(text: string): Promise<boolean> {
  // Firefox runs the background as a page with a document: it copies itself.
  if (!browser.offscreen) return typeof document !== 'undefined' ? copyFromPage(text) : false;
  try {
    await readyWorkerClipboard();
    const reply = (await browser.runtime.sendMessage({ target: 'offscreen', type: 'copy', text })) as
      | { ok?: boolean }
      | undefined;
    return reply?.ok === true;
  } catch {
    return false;
  }
}
