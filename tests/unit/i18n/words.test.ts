import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatDate, formatNumber } from '@/components/ui/format';
import { plural, t, textDirection, uiLocale } from '@/lib/browser/i18n';
import { fakeI18n } from './catalogue';

const speak = async (locale: string) => Object.assign(fakeBrowser.i18n, await fakeI18n(locale));

describe('words, counts, dates and numbers in the interface language', () => {
  it('reads English by default, with named values filled in', () => {
    expect(uiLocale()).toBe('en');
    expect(t('copy.copyItem', { item: 'demo' })).toBe('Copy demo');
    expect(textDirection()).toBe('ltr');
  });

  it('counts in English: one and other', () => {
    expect(plural('banner.willSend', 1)).toBe("1 change will be sent when it's back.");
    expect(plural('banner.willSend', 3)).toBe("3 changes will be sent when it's back.");
    expect(plural('banner.willSend', 1234)).toBe("1,234 changes will be sent when it's back.");
  });

  it('counts in German and French with their own rules (French 0 is singular)', async () => {
    await speak('de');
    expect(plural('sync.sending', 1)).toBe('1 Änderung wird gesendet …');
    expect(plural('sync.sending', 1234)).toBe('1.234 Änderungen werden gesendet …');
    await speak('fr');
    expect(plural('links.count', 0)).toBe('0 lien');
    expect(plural('links.count', 2)).toBe('2 liens');
  });

  it('counts in Arabic with its six forms, right to left', async () => {
    await speak('ar');
    // The digits are whatever Intl writes for Arabic (Arabic-Indic or Latin, by ICU version).
    const n = (count: number) => new Intl.NumberFormat('ar').format(count);
    expect(textDirection()).toBe('rtl');
    expect(plural('links.count', 0)).toBe('لا روابط');
    expect(plural('links.count', 1)).toBe('رابط واحد');
    expect(plural('links.count', 2)).toBe('رابطان');
    expect(plural('links.count', 3)).toBe(`${n(3)} روابط`);
    expect(plural('links.count', 11)).toBe(`${n(11)} رابطًا`);
    expect(plural('links.count', 100)).toBe(`${n(100)} رابط`);
  });

  it('takes the browser’s variant of the language shown, and only of that one', async () => {
    Object.assign(fakeBrowser.i18n, { ...(await fakeI18n('en')), getUILanguage: () => 'en-GB' });
    expect(uiLocale()).toBe('en-GB');
    expect(formatDate('2026-03-01 12:00:00')).toBe('1 Mar 2026');
    // A browser in a language without a catalogue reads English: numbers follow the words, not the browser.
    Object.assign(fakeBrowser.i18n, { ...(await fakeI18n('en')), getUILanguage: () => 'pt-BR' });
    expect(uiLocale()).toBe('en');
  });

  it('writes numbers and dates the way the interface language does', async () => {
    expect(formatNumber(1234.5)).toBe('1,234.5');
    await speak('de');
    expect(formatNumber(1234.5)).toBe('1.234,5');
    expect(formatDate('2026-03-01 12:00:00')).toBe('01.03.2026');
    await speak('es');
    expect(formatDate('2026-03-01 12:00:00')).toBe('1 mar 2026');
  });
});
