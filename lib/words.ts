import type { GeneratedI18nStructure } from '#i18n';

/**
 * lib/ has no browser APIs, so it cannot look up words: what it says to a person (a problem with
 * an input, a refused change, the description of a queued one) is a message of the catalogue, by
 * key, with the values it needs. The view puts it in words (lib/browser/problems-in-words.ts).
 *
 * Written as one string, `key` or `key {"max":500}`, so that it travels wherever a message did
 * before: a zod issue, an ApiError across extension messages, an outbox entry in IndexedDB. JSON
 * keeps a number a number, so the view writes it in the interface's language.
 */
export type MessageKey = keyof GeneratedI18nStructure;
export type MessageValues = Record<string, string | number>;

export function words(key: MessageKey, values?: MessageValues): string {
  return values && Object.keys(values).length > 0 ? `${key} ${JSON.stringify(values)}` : key;
}

/** The key and values of a message written by `words`; null for any other text (a server's, zod's own). */
export function readWords(message: string): { key: string; values: MessageValues } | null {
  const space = message.indexOf(' ');
  const key = space === -1 ? message : message.slice(0, space);
  if (!/^[a-zA-Z][\w]*(\.[\w]+)+$/.test(key)) return null;
  if (space === -1) return { key, values: {} };
  try {
    const values: unknown = JSON.parse(message.slice(space + 1));
    if (typeof values !== 'object' || values === null || Array.isArray(values)) return null;
    const named = Object.entries(values).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
    return { key, values: Object.fromEntries(named) as MessageValues };
  } catch {
    return null;
  }
}
