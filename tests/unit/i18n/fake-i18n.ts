/**
 * browser.i18n as a browser with that UI language answers it, for WXT's fake browser (which has
 * none): positional substitutions ($1…$9), and '' for an unknown key. Built from messages already
 * read (catalogue.ts reads them), so a test file's setup parses no catalogue.
 */
export function fakeI18nFrom(locale: string, messages: Record<string, string>) {
  return {
    getUILanguage: () => locale,
    getMessage: (key: string, substitutions?: string | string[]) => {
      const subs = substitutions === undefined ? [] : [substitutions].flat();
      const message = messages[key] ?? '';
      return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
    },
  };
}
