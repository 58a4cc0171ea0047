import { browser } from 'wxt/browser';

/**
 * Sends one message to the background worker; undefined when nothing answered. The browser rejects
 * when no listener exists (a worker that failed to start): that is the same "no answer" to the caller.
 */
export function sendToWorker(message: unknown): Promise<unknown> {
  return browser.runtime.sendMessage(message).catch(() => undefined);
}
