import { describe, expect, it } from 'vitest';
import { locales, messagesOf } from './catalogue';

const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
const placeholders = (message: string) => [...new Set(message.match(/\{\w+\}/g) ?? [])].sort();
/** "sync_sending_few" → "sync_sending_other", when that is a count's forms. */
const pluralOther = (key: string, messages: Record<string, string>) => {
  const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
  return match && `${match[1]}_other` in messages ? `${match[1]}_other` : null;
};

describe('the catalogues (locales/*.yml)', () => {
  it('has English and at least German, French, Spanish and a right-to-left language', () => {
    expect(locales()).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'ar']));
  });

  it.each(locales().filter((l) => l !== 'en'))(
    '%s has every message of English, with the same placeholders',
    async (locale) => {
      const english = await messagesOf('en');
      const messages = await messagesOf(locale);
      const problems: string[] = [];
      for (const [key, message] of Object.entries(english)) {
        if (!(key in messages)) problems.push(`missing ${key}`);
        else if (key.endsWith('_other') && placeholders(messages[key]!).join() !== placeholders(message).join())
          problems.push(`${key}: ${placeholders(messages[key]!).join()} instead of ${placeholders(message).join()}`);
        else if (!pluralOther(key, english) && placeholders(messages[key]!).join() !== placeholders(message).join())
          problems.push(`${key}: ${placeholders(messages[key]!).join()} instead of ${placeholders(message).join()}`);
      }
      // A language may add plural forms English lacks ("few", "many"), but no other message.
      for (const key of Object.keys(messages)) {
        if (key in english) continue;
        const other = pluralOther(key, english);
        if (!other) problems.push(`unknown ${key}`);
        // A specific form may leave out what its words already say ("one change"), but add nothing.
        else if (!placeholders(messages[key]!).every((p) => placeholders(english[other]!).includes(p)))
          problems.push(`${key}: ${placeholders(messages[key]!).join()} not all in ${other}`);
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(locales())(
    '%s names its own language and direction (pages take lang, dir and Intl from it)',
    async (locale) => {
      const messages = await messagesOf(locale);
      expect(messages.locale_code).toBe(locale);
      expect(messages.locale_dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    },
  );

  it.each(locales())('%s: no empty message, and no "$" (the browser reads it as a substitution)', async (locale) => {
    const messages = await messagesOf(locale);
    const bad = Object.entries(messages).filter(([, m]) => m.trim() === '' || m.includes('$'));
    expect(bad).toEqual([]);
  });

  it('gives every count "one" and "other" forms in English, and only plural categories', async () => {
    const english = await messagesOf('en');
    const plurals = Object.keys(english).filter((k) => k.endsWith('_other'));
    expect(plurals.length).toBeGreaterThan(10);
    for (const key of plurals) expect(english[key.replace(/_other$/, '_one')]).toBeDefined();
    for (const key of Object.keys(english).filter((k) => pluralOther(k, english)))
      expect(CATEGORIES).toContain(key.split('_').at(-1));
  });
});
