import { textDirection, uiLocale } from '@/lib/browser/i18n';

/**
 * Gives a page the interface's language and direction before it renders: `lang` for screen readers
 * and hyphenation, `dir` so a right-to-left language lays the page out from the right (the styles use
 * logical properties, so they follow).
 */
export function speakUiLanguage(page: Document): void {
  page.documentElement.lang = uiLocale();
  page.documentElement.dir = textDirection();
}
