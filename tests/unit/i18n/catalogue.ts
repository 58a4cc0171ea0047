import { readdirSync } from 'node:fs';
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';

const LOCALES_DIR = 'locales';

/** Every locale with a catalogue in locales/ ("en", "de", …). */
export function locales(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.yml'))
    .map((name) => path.basename(name, '.yml'))
    .sort();
}

/** A locale's messages as the browser gets them (the generated _locales/<locale>/messages.json). */
export async function messagesOf(locale: string): Promise<Record<string, string>> {
  const chrome = generateChromeMessages(await parseMessagesFile(path.join(LOCALES_DIR, `${locale}.yml`)));
  return Object.fromEntries(Object.entries(chrome).map(([key, value]) => [key, value.message]));
}

/**
 * browser.i18n as a browser with that UI language answers it, for WXT's fake browser (which has
 * none): positional substitutions ($1…$9), and '' for an unknown key.
 */
export async function fakeI18n(locale: string) {
  const messages = await messagesOf(locale);
  return {
    getUILanguage: () => locale,
    getMessage: (key: string, substitutions?: string | string[]) => {
      const subs = substitutions === undefined ? [] : [substitutions].flat();
      const message = messages[key] ?? '';
      return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
    },
  };
}
