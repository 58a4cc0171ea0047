import { Layers } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { plural, t } from '@/lib/browser/i18n';
import { askForTabs, windowTabUrls } from '@/lib/browser/tabs';
import { database } from '@/lib/db/open';
import { kickSync } from '@/lib/sync/kick';

// The list reader and the sync actions bring the validation library: loaded on the click, not with the popup.
const BulkResults = lazy(() => import('./BulkShorten').then((m) => ({ default: m.BulkResults })));

/**
 * "Shorten all tabs in this window": every web page open in the window, queued as one list and sent
 * within the allowance, with progress and the results as CSV. Tabs the extension may not read are
 * asked for once (the optional `tabs` permission).
 */
export function ShortenAllTabs({ tabId }: { tabId: number | null }) {
  const [state, setState] = useState<{ keys: string[]; skipped: number } | { error: string } | null>(null);
  async function shortenAll() {
    let tabs = await windowTabUrls(tabId);
    // The permission prompt must come straight from the click, before anything else is awaited after it.
    if (tabs.unreadable > 0 && (await askForTabs())) tabs = await windowTabUrls(tabId);
    const [{ readUrlList }, { queueLinks }] = await Promise.all([
      import('@/lib/bulk/url-list'),
      import('@/lib/bulk/queue'),
    ]);
    const list = readUrlList(tabs.urls.join('\n'));
    if (list.items.length === 0) return setState({ error: t('allTabs.none') });
    const keys = await queueLinks({ db: database() }, list.items, { channelKey: null, campaignKey: null });
    kickSync();
    setState({ keys, skipped: list.problems.length + tabs.unreadable });
  }
  if (state && 'keys' in state) {
    return (
      <section className="card stack" aria-label={t('allTabs.label')} data-testid="all-tabs">
        <Suspense fallback={null}>
          <BulkResults keys={state.keys} />
        </Suspense>
        {state.skipped > 0 ? <p className="muted small-text">{plural('allTabs.skipped', state.skipped)}</p> : null}
      </section>
    );
  }
  return (
    <div className="row">
      <button type="button" className="secondary small" onClick={() => void shortenAll()}>
        <Layers size={14} aria-hidden="true" /> {t('allTabs.button')}
      </button>
      {state && 'error' in state ? <span className="muted small-text">{state.error}</span> : null}
    </div>
  );
}
