import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect } from 'react';
import { LinkSummary } from '@/components/links/LinkSummary';
import { RecentLinks } from '@/components/links/RecentLinks';

// Forms (and the validation library they bring) load after the first paint: the popup shows the
// page's link and the recent list from IndexedDB without waiting for them.
const ShortenForm = lazy(() => import('@/components/links/ShortenForm').then((m) => ({ default: m.ShortenForm })));
const AssignControls = lazy(() =>
  import('@/components/links/AssignControls').then((m) => ({ default: m.AssignControls })),
);

import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { usePopup } from '@/components/state/popup';
import { copyFromPage } from '@/lib/browser/clipboard';
import { currentPage, openDashboard, popOut } from '@/lib/browser/tabs';
import { database } from '@/lib/db/open';
import { linkForPage } from '@/lib/db/queries';
import { connectionItem } from '@/lib/settings/connection';

export function App() {
  useTheme();
  const connection = useStorageItem(connectionItem);
  const { page, createdKey, copy, pageFound, created, copyDone } = usePopup();
  useEffect(() => {
    void currentPage(window.location.search).then(pageFound);
  }, [pageFound]);
  const db = database();
  const link = useLiveQuery(
    async () => (createdKey ? db.links.get(createdKey) : page ? linkForPage(db, page.url) : undefined),
    [createdKey, page?.url],
  );

  // Copy the new short URL as soon as the service has made it, once.
  const shortUrl = link?.shorturl;
  useEffect(() => {
    if (copy === 'waiting' && shortUrl) void copyFromPage(shortUrl).then(copyDone);
  }, [copy, shortUrl, copyDone]);

  if (!connection.loaded) return null;
  if (!connection.value) {
    return (
      <main>
        <section className="card stack" aria-label="Not connected">
          <h1>Linkpilot</h1>
          <p>Linkpilot is not connected yet. Enter your Service URL and API key in Settings.</p>
          <button type="button" onClick={() => void openDashboard('settings').then(() => window.close())}>
            Open Settings
          </button>
        </section>
      </main>
    );
  }

  return (
    <main>
      <header className="row">
        <h1 className="popup-title">Linkpilot</h1>
        <button
          type="button"
          className="secondary"
          onClick={() => void popOut(page?.tabId ?? null).then(() => window.close())}
        >
          Pop out
        </button>
        <button type="button" className="secondary" onClick={() => void openDashboard().then(() => window.close())}>
          Dashboard
        </button>
      </header>
      {link ? (
        <>
          {createdKey && link.sync === 'pending' && !link.shorturl ? (
            <p role="status" data-testid="pending-note">
              Saved. It will sync when the service can be reached; the short URL is copied once it exists.
            </p>
          ) : null}
          {copy === 'copied' ? (
            <p role="status" className="ok">
              Short URL copied to the clipboard.
            </p>
          ) : copy === 'failed' ? (
            <p role="status">Press Copy to copy the short URL.</p>
          ) : null}
          <LinkSummary link={link} />
          <Suspense fallback={null}>
            <AssignControls link={link} />
          </Suspense>
        </>
      ) : page ? (
        <Suspense fallback={<p className="muted">{page.title || page.url}</p>}>
          <ShortenForm url={page.url} title={page.title} onCreated={created} />
        </Suspense>
      ) : page === null ? (
        <p className="muted">This tab has no page that can be shortened.</p>
      ) : null}
      <RecentLinks />
    </main>
  );
}
