import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { QuickStats } from '@/components/stats/QuickStats';
import { displayUrl } from '@/components/ui/format';
import { ExternalLink, QrCode } from '@/components/ui/icons';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import { Pending } from '@/components/ui/Pending';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { CopyButton } from './CopyButton';

// Assigning writes through the sync actions and their validation library: loaded after the first paint.
const loadAssignControls = () => import('./AssignControls');
const AssignControls = lazy(() => loadAssignControls().then((m) => ({ default: m.AssignControls })));
// The sparkline and its history read come only with a link to show them for.
const loadPopupTrend = () => import('@/components/stats/PopupTrend');
const PopupTrend = lazy(loadPopupTrend);

/**
 * Loads the parts a link shows after it has come (its channel and campaign, its trend), for a form
 * that is about to make one: read while the person fills it in, they are there in the frame that
 * shows the new link rather than asked for in it.
 */
export function warmPageLink(): void {
  void loadAssignControls();
  void loadPopupTrend();
}
// Its fix brings the sync actions: loaded only for a link the service refused.
const RefusedCreate = lazy(() => import('./RefusedCreate'));

/** The Element Timing name of the page's short URL: when it was painted (bench:moment). */
const SHORT_URL_PAINTED = 'linkpilot:short-url';

/**
 * The current page's short link in the popup: the page's title, the short URL with Copy, the
 * statistics (refreshed each time the popup opens), the QR code behind a toggle, channel and campaign.
 * The short URL is the hero: shown whole, a long host shortened in its middle, the alias never;
 * Copy and the QR toggle sit under it, where they are for every link, never out of sight.
 */
export function PageLink({
  link,
  pageTitle,
  notice,
  justMade = false,
}: {
  link: LinkRow;
  pageTitle: string;
  notice?: React.ReactNode;
  /** Made by this popup a moment ago: its numbers are the service's answer, nothing to refresh. */
  justMade?: boolean;
}) {
  const stats = useLiveQuery(() => database().linkStats.get(link.key), [link.key]);
  // A failed refresh is said until numbers newer than the failure arrive (the service came back).
  const [failed, setFailed] = useState<{ note: string; at: number } | null>(null);
  const [qr, setQr] = useState(false);
  useEffect(() => {
    // A request of the minute's allowance, and main-thread work in the frame that shows the new link,
    // for numbers that cannot have moved since the service made it.
    if (link.id === null || justMade) return;
    sendRequest({ type: 'link.refresh', key: link.key }).then(
      () => setFailed(null),
      (e: unknown) =>
        setFailed(
          isApiError(e)
            ? { note: t('pageLink.statsNotRefreshed', { reason: errorInWords(e, '') }), at: Date.now() }
            : null,
        ),
    );
  }, [link.key, link.id, justMade]);
  const title = link.title || pageTitle;
  const note = failed && !(stats && stats.fetchedAt > failed.at) ? failed.note : null;
  const shown = link.shorturl ? displayUrl(link.shorturl) : '';
  return (
    <section className="card stack page-link" aria-label={t('pageLink.label')} data-testid="current-link">
      <p className="page-title">
        <LinkTitle title={title} url={link.longurl} />
      </p>
      {link.shorturl ? (
        <div className="short-row">
          <a
            className="short-url hero"
            href={link.shorturl}
            target="_blank"
            rel="noreferrer"
            title={shown}
            aria-label={shown}
            data-testid="short-url"
          >
            <LinkText kind="short" text={link.shorturl} title={shown} elementtiming={SHORT_URL_PAINTED} />
            <ExternalLink size={14} aria-hidden="true" className="open-icon" />
          </a>
          <span className="hero-actions">
            <CopyButton text={link.shorturl} item={shown} variant="primary" />
            <button
              type="button"
              className={`secondary small icon-only${qr ? ' pressed' : ''}`}
              aria-label={t('pageLink.qr')}
              aria-expanded={qr}
              onClick={() => setQr(!qr)}
            >
              <QrCode size={16} aria-hidden="true" />
            </button>
          </span>
        </div>
      ) : link.sync === 'failed' ? (
        <Suspense fallback={<Pending />}>
          <RefusedCreate linkKey={link.key} />
        </Suspense>
      ) : (
        <div className="row">
          <p className="muted grow" data-testid="short-url-pending">
            {t('pageLink.pending')}
          </p>
          <SyncBadge state={link.sync} />
        </div>
      )}
      {notice}
      {qr && link.shorturl ? (
        <QrImage
          text={link.shorturl}
          size={148}
          label={t('common.qrFor', { name: displayUrl(link.shorturl) })}
          fileName={link.alias || 'qr-code'}
        />
      ) : null}
      <QuickStats
        clicks={link.clicks}
        stats={stats}
        compact
        trend={
          link.id === null ? null : (
            <Suspense fallback={<Pending />}>
              <PopupTrend link={link} />
            </Suspense>
          )
        }
      />
      {note ? (
        <p className="muted small-text" data-testid="stats-not-refreshed">
          {note}
        </p>
      ) : null}
      <Suspense fallback={<Pending />}>
        <AssignControls link={link} />
      </Suspense>
    </section>
  );
}
