import type { UrlSpan } from './urls-in-text';

/**
 * How many addresses one "Replace with short link" shortens without asking. Each one is a request
 * to the service and, when new, a link in the account: a selection with more is more likely a
 * pasted list than a sentence, and the person is asked first.
 */
export const MAX_REPLACED_WITHOUT_ASKING = 20;

/** The addresses to shorten for these spans, each once, in the order of the text. */
export function addressesToShorten(spans: readonly UrlSpan[]): string[] {
  return [...new Set(spans.map((s) => s.url))];
}

/** Whether shortening these addresses needs the person's agreement first. */
export function mustAskFirst(addresses: readonly string[]): boolean {
  return addresses.length > MAX_REPLACED_WITHOUT_ASKING;
}
