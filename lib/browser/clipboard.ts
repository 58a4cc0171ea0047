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

/**
 * Copies from the service worker, which has no clipboard: an offscreen document does it. Its
 * Clipboard API refuses ("Document is not focused"), so it uses execCommand('copy') on a textarea.
 */
export async function copyFromWorker(text: string): Promise<boolean> {
  const offscreen = browser.offscreen;
  // Firefox runs the background as a page with a document: it copies itself.
  if (!offscreen) return typeof document !== 'undefined' ? copyFromPage(text) : false;
  try {
    const has = await (offscreen as unknown as { hasDocument?: () => Promise<boolean> }).hasDocument?.();
    if (!has) {
      await offscreen.createDocument({
        url: browser.runtime.getURL('/offscreen.html'),
        reasons: ['CLIPBOARD'],
        justification: 'Copy the new short URL to the clipboard',
      });
    }
    const reply = (await browser.runtime.sendMessage({ target: 'offscreen', type: 'copy', text })) as
      | { ok?: boolean }
      | undefined;
    return reply?.ok === true;
  } catch {
    return false;
  }
}
