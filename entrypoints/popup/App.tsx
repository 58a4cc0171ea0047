import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { PageLink } from '@/components/links/PageLink';
import { RecentLinks } from '@/components/links/RecentLinks';
import { SamePageLinks } from '@/components/links/SamePageLinks';
import { ShortenAllTabs } from '@/components/links/ShortenAllTabs';
import { usePopup } from '@/components/state/popup';
import { ServiceBanner } from '@/components/sync/ServiceBanner';
import { Keyboard, LayoutDashboard, Link2, PictureInPicture2, Settings } from '@/components/ui/icons';
import { withElements } from '@/components/ui/with-elements';
import { copyFromPage } from '@/lib/browser/clipboard';
import { raw, t } from '@/lib/browser/i18n';
import { problemInWords } from '@/lib/browser/problems-in-words';
import { openShortcutSettings, SHORTEN_COMMAND, shortcutOf } from '@/lib/browser/shortcuts';
import { currentPage, openDashboard, popOut } from '@/lib/browser/tabs';
import { database, showDatabase } from '@/lib/db/open';
import { linksOfShownPage } from '@/lib/db/queries';
import type { LinkRow } from '@/lib/db/schema';
import { whyNotShortenable } from '@/lib/pages/shortenable';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import type { FirstScreen } from './first-screen';

// The form (and the validation library it brings) loads after the first paint: the popup shows the
// page's link and the recent list from IndexedDB without waiting for it.
// The switcher too: only people with several connections need it, and it may come a moment later.
const ConnectionSwitcher = lazy(() =>
  import('@/components/settings/ConnectionSwitcher').then((m) => ({ default: m.ConnectionSwitcher })),
);
const ShortenForm = lazy(() => import('@/components/links/ShortenForm').then((m) => ({ default: m.ShortenForm })));

/** `first`: what main.tsx read for the first screen, shown at once (null when that read failed). */
export function App({ first }: { first: FirstScreen | null }) {
  useTheme();
  const connections = useStorageItem(connectionsItem, first?.connections);
  if (!connections.loaded) return null;
  const active = activeConnection(connections.value);
  // Views read the selected database; keyed by the connection, they mount afresh on a switch.
  showDatabase(active?.database);
  // The recent links read beforehand are those of the connection active then.
  const recent = first && activeConnection(first.connections)?.id === active?.id ? first.recent : undefined;
  return <Popup key={active?.id ?? ''} connections={connections.value} connected={active !== null} recent={recent} />;
}

function Popup({
  connections,
  connected,
  recent,
}: {
  connections: Connections;
  connected: boolean;
  recent: LinkRow[] | undefined;
}) {
  const { page, createdKey, createdRow, answering, copy, pageFound, created, copyDone, shortUrlArrived } = usePopup();
  useEffect(() => {
    void currentPage(window.location.search).then(pageFound);
  }, [pageFound]);
  const db = database();
  const shown = useLiveQuery(
    async () => ({ createdKey, links: await linksOfShownPage(db, createdKey, page?.url) }),
    [createdKey, page?.url],
  );
  // The answer for an earlier link just made is not this one's.
  const current = !createdKey || shown?.createdKey === createdKey ? shown?.links : undefined;
  // The link as the service answered it stands in until its own query reads it as made, in the
  // mirror it was written in (after a switch of connection, the new mirror does not have it).
  const answered = createdRow?.link.key === createdKey && createdRow.in === db.name ? createdRow.link : undefined;
  const mirrored = createdKey ? current?.[0] : undefined;
  const made = mirrored && (mirrored.id !== null || !answered) ? mirrored : answered;
  const links = createdKey ? (made ? [made] : []) : current;
  // "Make another": the Shorten form although the page has links.
  const [another, setAnother] = useState(false);
  // Until the service has answered "Shorten this page", its form stays: a refusal is shown there.
  const waiting = answering === true || links?.some((l) => l.key === answering);
  const link = another || waiting ? undefined : links?.[0];

  // Copy the new short URL as soon as the service has made it, once, while the person still expects it.
  const shortUrl = link?.shorturl;
  useEffect(() => {
    if (shortUrl && shortUrlArrived(Date.now())) void copyFromPage(shortUrl).then(copyDone);
  }, [shortUrl, shortUrlArrived, copyDone]);

  const header = (
    <header className="popup-header">
      <span className="brand">
        <Link2 size={18} aria-hidden="true" /> {t('manifest.name')}
      </span>
      {connections.list.length > 1 ? (
        <Suspense fallback={null}>
          <ConnectionSwitcher connections={connections} />
        </Suspense>
      ) : null}
      {connected ? (
        <button
          type="button"
          className="ghost icon-only"
          aria-label={t('popup.popOutLabel')}
          title={t('popup.popOut')}
          onClick={() => void popOut(page?.tabId ?? null).then(() => window.close())}
        >
          <PictureInPicture2 size={17} aria-hidden="true" />
        </button>
      ) : null}
      <button
        type="button"
        className="ghost icon-only"
        aria-label={t('popup.dashboardLabel')}
        title={t('popup.dashboard')}
        onClick={() => void openDashboard().then(() => window.close())}
      >
        <LayoutDashboard size={17} aria-hidden="true" />
      </button>
    </header>
  );
  if (!connected) {
    return (
      <div className="popup">
        {header}
        <main className="popup-main">
          <section className="card stack welcome" aria-label={t('popup.notConnected')}>
            <h1 className="welcome-title">{t('popup.welcomeTitle')}</h1>
            <p className="muted">{t('popup.welcomeText')}</p>
            <button type="button" onClick={() => void openDashboard('settings').then(() => window.close())}>
              <Settings size={16} aria-hidden="true" /> {t('popup.connectInSettings')}
            </button>
          </section>
        </main>
      </div>
    );
  }

  // A page that lives only in this browser (its settings, an extension, a file) has nothing to share.
  const notShortenable = page ? whyNotShortenable(page.url) : null;
  const notice =
    createdKey && link && !link.shorturl ? (
      <p role="status" className="banner banner-info" data-testid="pending-note">
        {t('popup.savedPending')}
      </p>
    ) : copy === 'copied' ? (
      <p role="status" className="banner banner-ok" data-testid="copied-note">
        {t('popup.copied')}
      </p>
    ) : copy === 'failed' || copy === 'offered' ? (
      <p role="status" className="banner banner-info" data-testid="copy-offer">
        {t('popup.copyOffer')}
      </p>
    ) : null;

  return (
    <div className="popup">
      {header}
      <ServiceBanner onOpenSync={() => void openDashboard('sync').then(() => window.close())} />
      <main className="popup-main">
        {link ? (
          <PageLink link={link} pageTitle={page?.title ?? ''} notice={notice} />
        ) : page && notShortenable ? (
          <section className="card stack" aria-label={t('popup.cannotShorten')} data-testid="not-shortenable">
            <p className="page-title truncate" title={page.url}>
              {page.title || page.url}
            </p>
            <p className="muted">{problemInWords(notShortenable)}</p>
          </section>
        ) : page ? (
          <Suspense
            fallback={
              <div className="card">
                <p className="page-title truncate">{page.title || page.url}</p>
              </div>
            }
          >
            <ShortenForm
              url={page.url}
              title={page.title}
              onCreated={(link) => {
                setAnother(false);
                created(link.key, Date.now(), { link, in: db.name });
              }}
            />
          </Suspense>
        ) : page === null ? (
          <p className="card muted" data-testid="not-shortenable">
            {t('popup.nothingToShorten')}
          </p>
        ) : null}
        <SamePageLinks links={links ?? []} another={another} onAnother={setAnother} />
        {/* With nothing to shorten here, the cursor goes where there is something to do. */}
        <RecentLinks focusSearch={Boolean(link) || page === null || notShortenable !== null} initial={recent} />
        <ShortenAllTabs tabId={page?.tabId ?? null} />
        <ShortcutHint />
      </main>
    </div>
  );
}

/** The keyboard shortcut that shortens a page without opening the popup, and where to change it. */
function ShortcutHint() {
  const [keys, setKeys] = useState<string | null>(null);
  const [elsewhere, setElsewhere] = useState(false);
  useEffect(() => {
    void shortcutOf(SHORTEN_COMMAND).then(setKeys);
  }, []);
  if (keys === null) return null;
  return (
    <p className="muted small-text shortcut-hint" data-testid="shortcut-hint">
      <Keyboard size={14} aria-hidden="true" />{' '}
      {keys ? withElements(raw('popup.shortcut'), { keys: <kbd>{keys}</kbd> }) : t('popup.noShortcut')}{' '}
      {elsewhere ? (
        t('popup.shortcutElsewhere')
      ) : (
        <button
          type="button"
          className="ghost small"
          onClick={() => void openShortcutSettings().then((opened) => (opened ? window.close() : setElsewhere(true)))}
        >
          {keys ? t('popup.changeShortcut') : t('popup.setShortcut')}
        </button>
      )}
    </p>
  );
}
