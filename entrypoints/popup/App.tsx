import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useHeldRoom } from '@/components/hooks/useHeldRoom';
import { usePainted } from '@/components/hooks/usePainted';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { PageTitleCard } from '@/components/links/PageTitleCard';
import { RecentLinks } from '@/components/links/RecentLinks';
import { usePopup } from '@/components/state/popup';
import { Keyboard, LayoutDashboard, Link2, PictureInPicture2, Settings } from '@/components/ui/icons';
import { Pending } from '@/components/ui/Pending';
import { withElements } from '@/components/ui/with-elements';
import { FIRST_SCREEN_PART, type RoomHeights } from '@/lib/browser/first-screen-snapshot';
import { raw, t } from '@/lib/browser/i18n';
import { openShortcutSettings, SHORTEN_COMMAND, shortcutOf } from '@/lib/browser/shortcuts';
import { currentPage, openDashboard, popOut } from '@/lib/browser/tabs';
import { showDatabase } from '@/lib/db/names';
import type { LinkRow } from '@/lib/db/schema';
import { whyNotShortenable } from '@/lib/pages/shortenable';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import type { FirstScreen } from './first-screen';
import { useKeptFirstScreen } from './keep-first-screen';

// The first screen (header and recent list) needs React and the rows read beforehand, nothing else:
// whatever reads the mirror live (Dexie), validates (zod) or talks to the worker loads once that has
// been painted (usePainted), and shows a moment later in its place.
const ConnectionSwitcher = lazy(() =>
  import('@/components/settings/ConnectionSwitcher').then((m) => ({ default: m.ConnectionSwitcher })),
);
const ServiceBanner = lazy(() => import('@/components/sync/ServiceBanner').then((m) => ({ default: m.ServiceBanner })));
const PageSection = lazy(() => import('./PageSection').then((m) => ({ default: m.PageSection })));
const ShortenAllTabs = lazy(() =>
  import('@/components/links/ShortenAllTabs').then((m) => ({ default: m.ShortenAllTabs })),
);

/** `first`: what main.tsx read for the first screen, shown at once (null when that read failed). */
export function App({ first }: { first: FirstScreen | null }) {
  useTheme();
  const connections = useStorageItem(connectionsItem, first?.connections);
  const active = connections.loaded ? activeConnection(connections.value) : undefined;
  useKeptFirstScreen(active === undefined ? undefined : (active?.database ?? null));
  if (!connections.loaded) return null;
  // Views read the selected database; keyed by the connection, they mount afresh on a switch.
  showDatabase(active?.database);
  // The recent links read beforehand are those of the connection active then.
  const recent = first && activeConnection(first.connections)?.id === active?.id ? first.recent : undefined;
  return (
    <Popup
      key={active?.id ?? ''}
      connections={connections.value}
      connected={active !== null}
      recent={recent}
      rooms={recent ? (first?.rooms ?? {}) : {}}
      rowsInView={recent ? first?.rowsInView : undefined}
    />
  );
}

function Popup({
  connections,
  connected,
  recent,
  rooms,
  rowsInView,
}: {
  connections: Connections;
  connected: boolean;
  recent: LinkRow[] | undefined;
  /** The rooms held for what comes late (a banner, the page's card, shortening all tabs), as tall as the picture kept them. */
  rooms: RoomHeights;
  /** How many rows the picture held in view: the first render draws only those. */
  rowsInView: number | undefined;
}) {
  const page = usePopup((s) => s.page);
  const pageFound = usePopup((s) => s.pageFound);
  useEffect(() => {
    void currentPage(window.location.search).then(pageFound);
  }, [pageFound]);
  const painted = usePainted();
  const [hasLink, setHasLink] = useState(false);
  const onHasLink = useCallback((has: boolean) => setHasLink(has), []);
  // Until what stands above the list (a banner, the page's card) has come whole, the room it last took
  // is held, and the popup is not ready; the banner's own room within it, so that a banner read after
  // the card does not push the card down; below the list, the room of "Shorten all tabs".
  const above = useHeldRoom('page', rooms);
  const banner = useHeldRoom('banner', rooms);
  const tabs = useHeldRoom('tabs', rooms);

  const header = (
    <header className="popup-header" {...FIRST_SCREEN_PART}>
      <span className="brand">
        <Link2 size={18} aria-hidden="true" /> {t('manifest.name')}
      </span>
      {painted && connections.list.length > 1 ? (
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

  const notShortenable = page ? whyNotShortenable(page.url) : null;
  return (
    <div className="popup">
      {header}
      <main className="popup-main">
        <div {...above.props}>
          <div className="banner-room popup-column" {...banner.props}>
            {painted ? (
              <Suspense fallback={<Pending />}>
                <ServiceBanner
                  onOpenSync={() => void openDashboard('sync').then(() => window.close())}
                  onOpenSettings={() => void openDashboard('settings').then(() => window.close())}
                />
              </Suspense>
            ) : (
              <Pending />
            )}
          </div>
          <div className="popup-column">
            {page === undefined ? (
              <Pending />
            ) : page === null ? (
              <p className="card muted" data-testid="not-shortenable">
                {t('popup.nothingToShorten')}
              </p>
            ) : !painted ? (
              <PageTitleCard page={page} />
            ) : (
              <Suspense fallback={<PageTitleCard page={page} />}>
                <PageSection page={page} onHasLink={onHasLink} />
              </Suspense>
            )}
          </div>
        </div>
        {/* With nothing to shorten here, the cursor goes where there is something to do. */}
        <RecentLinks
          focusSearch={hasLink || page === null || notShortenable !== null}
          initial={recent}
          initialInView={rowsInView}
          ready={above.filled}
        />
        <div className="popup-column" {...tabs.props}>
          {painted ? (
            <Suspense fallback={<Pending />}>
              <ShortenAllTabs tabId={page?.tabId ?? null} />
            </Suspense>
          ) : (
            <Pending />
          )}
        </div>
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
