import { readdirSync } from 'node:fs';
import path from 'node:path';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';

const LOCALES_DIR = path.resolve(import.meta.dirname, '..', 'locales');

/** Every locale with a catalogue in locales/ ("ar", "de", …). */
export function catalogueLocales(): string[] {
  return readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.yml'))
    .map((name) => path.basename(name, '.yml'))
    .sort();
}

/** A locale's messages as the browser gets them (the generated _locales/<locale>/messages.json). */
export async function catalogueMessages(locale: string): Promise<Record<string, string>> {
  const chrome = generateChromeMessages(await parseMessagesFile(path.join(LOCALES_DIR, `${locale}.yml`)));
  return Object.fromEntries(Object.entries(chrome).map(([key, value]) => [key, value.message]));
}
