import { browser } from 'wxt/browser';
import { copyFromWorker } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';
import { notify } from '@/lib/browser/notify';
import { enteredAction, suggestionsFor } from '@/lib/links/omnibox';
import { type OmniboxSearch, startOmniboxSearch } from '@/lib/links/omnibox-search';
import type { BackgroundSync } from './sync';

/** Suggestions the address bar shows at once; it has room for few more. */
const SHOWN = 6;

/** The `lp` keyword in the address bar: the mirror's links as suggestions; nothing is sent anywhere. */
export function registerOmnibox(sync: BackgroundSync): void {
  const omnibox = browser.omnibox;
  if (!omnibox) return;
  const markup = !import.meta.env.FIREFOX;
  let session: { db: string; search: OmniboxSearch } | null = null;
  /** The session of the active connection's mirror, started when the keyword is typed (or on the first keystroke). */
  async function search(): Promise<OmniboxSearch | null> {
    const active = await sync.active();
    if (!active) return null;
    if (session?.db !== active.db.name) {
      session?.search.close();
      session = { db: active.db.name, search: startOmniboxSearch(active.db) };
    }
    return session.search;
  }
  const end = () => {
    session?.search.close();
    session = null;
  };
  const find = async (text: string) => (await search())?.find(text, SHOWN) ?? [];

  // Only words: the keyword works without them, so their failure must not stop the worker's start.
  Promise.resolve()
    .then(() => omnibox.setDefaultSuggestion({ description: t('omnibox.default') }))
    .catch(() => undefined);
  omnibox.onInputStarted.addListener(() => void search());
  omnibox.onInputCancelled.addListener(end);
  omnibox.onInputChanged.addListener((text, suggest) => {
    void find(text).then(
      (links) => suggest(suggestionsFor(links, markup, { copy: (url) => t('omnibox.copy', { url }) })),
      () => suggest([]),
    );
  });
  omnibox.onInputEntered.addListener((text, disposition) => {
    void (async () => {
      const action = enteredAction(text, (await find(text))[0]);
      end();
      if (!action) return notify(t('omnibox.noneTitle'), t('omnibox.noneText', { text: text.slice(0, 100) }));
      if ('copy' in action) {
        const copied = await copyFromWorker(action.copy);
        return notify(copied ? t('notify.copiedTitle') : t('notify.readyTitle'), action.copy);
      }
      if (disposition === 'currentTab') await browser.tabs.update({ url: action.open });
      else await browser.tabs.create({ url: action.open, active: disposition === 'newForegroundTab' });
    })();
  });
}
