import { browser } from 'wxt/browser';
import { type GeneratedI18nStructure, i18n } from '#i18n';

/**
 * The extension's words, from the catalogue in locales/ (built into _locales by @wxt-dev/i18n).
 * The browser chooses the language from its own UI language, falling back to English.
 */
export const t = i18n.t;

type Key = keyof GeneratedI18nStructure;

// The browser's own lookup by message name ("popup_copied"); '' when the catalogue has no such message.
function message(name: string): string {
  return (browser.i18n.getMessage as (name: string) => string)(name);
}
/** A message with a form per plural category: `name.one`, `name.other`, and whatever else a language needs. */
export type PluralKey = Key extends infer K ? (K extends `${infer Name}.other` ? Name : never) : never;

/**
 * The language the interface speaks, for Intl (dates, numbers, plural rules): the language of the
 * words on screen (the catalogue's own `locale.code`), in the browser's variant of it when the browser
 * speaks that language (en-GB, de-AT: their date order and decimal mark). Taken from the catalogue,
 * not from the browser alone, so numbers never follow another language than the words around them
 * (the browser falls back to English for a language without a catalogue).
 */
export function uiLocale(): string {
  const shown = t('locale.code');
  const browserLocale = browser.i18n.getUILanguage();
  return browserLocale.split(/[-_]/)[0]?.toLowerCase() === shown ? browserLocale : shown;
}

/** "rtl" for Arabic and the like: the catalogue in use says which way its words run; pages set it on <html>. */
export function textDirection(): 'ltr' | 'rtl' {
  return t('locale.dir') === 'rtl' ? 'rtl' : 'ltr';
}

/**
 * A count in words: "1 change", "3 changes", in the forms the language has. @wxt-dev/i18n's own
 * plurals know only "0 | 1 | more", which is wrong for languages with more forms (Arabic has six),
 * so the form is chosen with Intl.PluralRules and `{count}` is the count written in the UI locale.
 */
export function plural(key: PluralKey, count: number, values: Record<string, string | number> = {}): string {
  const locale = uiLocale();
  const category = new Intl.PluralRules(locale).select(count);
  const named = { ...values, count: new Intl.NumberFormat(locale).format(count) };
  const specific = category === 'other' ? '' : message(`${key.replaceAll('.', '_')}_${category}`);
  const untyped = i18n.t as (key: string, named: Record<string, string | number>) => string;
  return untyped(specific ? `${key}.${category}` : `${key}.other`, named);
}

/** A message with its `{name}` placeholders left in, for a view that puts elements there. */
export function raw(key: Key): string {
  return message(key.replaceAll('.', '_'));
}
