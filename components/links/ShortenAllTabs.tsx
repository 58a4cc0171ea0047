import { lazy, Suspense, useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { Layers } from '@/components/ui/icons';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import { plural, t } from '@/lib/browser/i18n';
import { problemInWords } from '@/lib/browser/problems-in-words';
import { askForTabs, releaseTabs, windowTabs } from '@/lib/browser/tabs';
import type { TabsPlan } from '@/lib/bulk/tabs';
import { database } from '@/lib/db/open';
import { kickSync } from '@/lib/sync/kick';
import { listErrorInWords } from './list-error';

// The list reader and the sync actions bring the validation library: loaded on the click, not with the popup.
const BulkResults = lazy(() => import('./BulkShorten').then((m) => ({ default: m.BulkResults })));

type Step =
  | { step: 'confirm'; plan: TabsPlan }
  | { step: 'done'; keys: string[]; reused: string[]; skipped: number }
  | { step: 'none'; text: string }
  | null;

/**
 * "Shorten all tabs in this window": first lists what it will do — the web pages it will shorten
 * (each keeps its tab's title), those already shortened (their link is used, not made again),
 * and the tabs it leaves out with why — then queues the list, sent within the allowance, and
 * shows the progress in the same dialog, over the popup. Tabs the extension may not read are
 * asked for once (the optional `tabs` permission).
 */
export function ShortenAllTabs({ tabId }: { tabId: number | null }) {
  const [state, setState] = useState<Step>(null);
  const [error, setError] = useState<string | null>(null);

  async function look() {
    let tabs = await windowTabs(tabId);
    // The permission prompt must come straight from the click, before anything else is awaited after it.
    if (tabs.some((tab) => tab.url === null) && (await askForTabs())) {
      tabs = await windowTabs(tabId);
      // Asked for this one look: the addresses are read, the permission goes back.
      await releaseTabs();
    }
    const { planTabs } = await import('@/lib/bulk/tabs');
    const plan = await planTabs(database(), tabs);
    if (plan.take.length + plan.reuse.length === 0) return setState({ step: 'none', text: t('allTabs.none') });
    setState({ step: 'confirm', plan });
  }

  async function shorten(plan: TabsPlan) {
    try {
      const [{ queueLinks }, { tabsBatch }] = await Promise.all([
        import('@/lib/bulk/queue'),
        import('@/lib/bulk/tabs'),
      ]);
      const keys = await queueLinks({ db: database() }, tabsBatch(plan), { channelKey: null, campaignKey: null });
      kickSync();
      setState({ step: 'done', keys, reused: plan.reuse.map((r) => r.link.key), skipped: plan.skip.length });
    } catch (e) {
      setError(listErrorInWords(e));
    }
  }

  const close = () => {
    setState(null);
    setError(null);
  };
  return (
    <>
      <div className="row">
        <button type="button" className="secondary small" onClick={() => void look()}>
          <Layers size={14} aria-hidden="true" /> {t('allTabs.button')}
        </button>
        {state?.step === 'none' ? <span className="muted small-text">{state.text}</span> : null}
      </div>
      {state?.step === 'confirm' ? (
        <Dialog title={t('allTabs.confirmTitle')} onClose={close} testId="all-tabs">
          <TabsPlanList plan={state.plan} />
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <div className="actions tabs-plan-actions">
            <button type="button" onClick={() => void shorten(state.plan)}>
              {state.plan.take.length > 0
                ? plural('allTabs.confirm', state.plan.take.length)
                : plural('allTabs.useLinks', state.plan.reuse.length)}
            </button>
            <button type="button" className="secondary" onClick={close}>
              {t('allTabs.cancel')}
            </button>
          </div>
        </Dialog>
      ) : state?.step === 'done' ? (
        <Dialog title={t('allTabs.label')} onClose={close} testId="all-tabs">
          <Suspense fallback={null}>
            <BulkResults keys={state.keys} reused={state.reused} />
          </Suspense>
          {state.skipped > 0 ? <p className="muted small-text">{plural('allTabs.skipped', state.skipped)}</p> : null}
        </Dialog>
      ) : null}
    </>
  );
}

/** The three lists of a plan: tabs to shorten, already shortened, left out (each only when it has tabs). */
function TabsPlanList({ plan }: { plan: TabsPlan }) {
  return (
    <>
      {plan.take.length > 0 ? (
        <section className="stack" data-testid="all-tabs-take">
          <h3 className="small-text">{plural('allTabs.willTake', plan.take.length)}</h3>
          <ul className="item-list">
            {plan.take.map((tab) => (
              <li key={tab.url} className="item-row stack tab-row">
                <LinkTitle title={tab.title} url={tab.url} />
                {tab.title ? <LinkText kind="address" text={tab.url} className="muted small-text" /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.reuse.length > 0 ? (
        <section className="stack" data-testid="all-tabs-reuse">
          <h3 className="small-text">{plural('allTabs.willReuse', plan.reuse.length)}</h3>
          <ul className="item-list">
            {plan.reuse.map((tab) => (
              <li key={tab.url} className="item-row stack tab-row">
                <LinkTitle title={tab.title} url={tab.url} />
                {tab.link.shorturl ? (
                  <LinkText kind="short" text={tab.link.shorturl} className="short-url small-text" />
                ) : (
                  <span className="small-text">{t('sync.state.queued')}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {plan.skip.length > 0 ? (
        <section className="stack" data-testid="all-tabs-skip">
          <h3 className="small-text">{plural('allTabs.willSkip', plan.skip.length)}</h3>
          <ul className="item-list">
            {plan.skip.map((tab, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: tabs left out may share an address; the list never moves.
              <li key={i} className="item-row stack tab-row">
                <LinkTitle title={tab.title} url={tab.url} />
                <span className="muted small-text">{problemInWords(tab.reason)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
