import { readdirSync } from 'node:fs';
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { fakeI18nFrom } from './fake-i18n';

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

/** browser.i18n as a browser with that UI language answers it (see fake-i18n.ts). */
export async function fakeI18n(locale: string) {
  return fakeI18nFrom(locale, await messagesOf(locale));
}
