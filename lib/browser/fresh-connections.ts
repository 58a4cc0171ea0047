import { browser } from 'wxt/browser';

/*
 * One new connection per request to the service: a browser-wide session rule adds
 * `Connection: close` to every request this extension makes (its worker and its pages alike),
 * and to nobody else's.
 *
 * Why: when a kept-alive connection that the browser reuses closes before any answer arrives,
 * Chromium sends the request again on its own, POSTs included. The service has then acted twice,
 * and `fetch` only ever hears the second answer. The API can delete channels and campaigns, but
 * has no delete for QR codes or short links and no idempotency key, so such a copy could never be
 * taken back. A request on a connection of its own is never resent by the browser: a dropped answer
 * reaches the sync engine as an ambiguous failure, which it resolves by looking the record up
 * before sending again. The price is one connection set-up per request, at most 30 a minute.
 * HTTP/2 has no Connection header, so there the rule does nothing; there, and in browsers without
 * the API, a copy is flagged by the next pull (lib/refresh/pull.ts) for the person to delete.
 */

/** The rule's id among this extension's session rules: installing replaces it, never adds a second. */
export const FRESH_CONNECTION_RULE_ID = 1;

/** `Connection: close` on every fetch whose initiator is this extension's origin. */
export function freshConnectionRule(extensionHost: string) {
  return {
    id: FRESH_CONNECTION_RULE_ID,
    priority: 1,
    action: {
      type: 'modifyHeaders' as const,
      requestHeaders: [{ header: 'Connection', operation: 'set' as const, value: 'close' }],
    },
    // fetch() from the worker and from extension pages is "xmlhttprequest"; the initiator
    // keeps web pages' own requests to the same host untouched.
    condition: { initiatorDomains: [extensionHost], resourceTypes: ['xmlhttprequest' as const] },
  };
}

/** The extension's origin host: Chromium's extension id, Firefox's per-install UUID (not runtime.id). */
const ownHost = () => new URL(browser.runtime.getURL('/')).host;

/**
 * Installs the rule; session rules live until the browser quits, so this runs on every worker start,
 * before the first request. Resolves false where the browser offers no such rule.
 */
export async function installFreshConnectionRule(): Promise<boolean> {
  // Typed as always there; a browser without declarativeNetRequest leaves it undefined.
  const rules = browser.declarativeNetRequest as typeof browser.declarativeNetRequest | undefined;
  if (!rules?.updateSessionRules) return false;
  try {
    await rules.updateSessionRules({
      removeRuleIds: [FRESH_CONNECTION_RULE_ID],
      addRules: [freshConnectionRule(ownHost())],
    });
    return true;
  } catch (error) {
    console.warn('Linkpilot: requests keep reusing connections; a dropped answer may be resent by the browser', error);
    return false;
  }
}
