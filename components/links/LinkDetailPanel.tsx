import { useLiveQuery } from 'dexie-react-hooks';
import { ExternalLink, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { QuickStats } from '@/components/stats/QuickStats';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { displayUrl, formatDateTime } from '@/components/ui/format';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { isWebUrl } from '@/lib/api/web-url';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import { AssignControls } from './AssignControls';
import { CopyButton } from './CopyButton';

/** One link in full, beside the table: short URL, statistics, targeting, channel and campaign, QR code. */
export function LinkDetailPanel({ linkKey, onClose }: { linkKey: string; onClose: () => void }) {
  const db = database();
  const link = useLiveQuery(() => db.links.get(linkKey), [linkKey]);
  const stats = useLiveQuery(() => db.linkStats.get(linkKey), [linkKey]);
  const [note, setNote] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once per link and once its id is known, not on every change of the record.
  useEffect(() => {
    if (!link || link.id === null) return;
    sendRequest({ type: 'link.refresh', key: linkKey }).then(
      () => setNote(null),
      (e: unknown) => setNote(isApiError(e) ? `Statistics could not be refreshed: ${e.message}` : null),
    );
  }, [linkKey, link?.id]);
  if (!link) return null;
  const targets = stats
    ? [
        ...stats.location.map((t) => ({ ...t, kind: 'Country' })),
        ...stats.device.map((t) => ({ ...t, kind: 'Device' })),
      ]
    : [];
  return (
    <aside className="detail-panel card stack-lg" aria-labelledby="link-detail-heading" data-testid="link-detail">
      <div className="row-between">
        <h3 id="link-detail-heading" className="truncate">
          {link.title || link.alias || 'Short link'}
        </h3>
        <button type="button" className="ghost icon-only" aria-label="Close the details" onClick={onClose}>
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {link.shorturl ? (
        <div className="short-row">
          <span className="short-url big grow truncate" data-testid="detail-short-url">
            {displayUrl(link.shorturl)}
          </span>
          <CopyButton text={link.shorturl} item={displayUrl(link.shorturl)} variant="primary" />
        </div>
      ) : (
        <div className="row">
          <p className="muted grow">The short URL appears once the service has made the link.</p>
          <SyncBadge state={link.sync} />
        </div>
      )}
      <dl className="facts">
        <dt>Goes to</dt>
        <dd className="truncate">
          {isWebUrl(link.longurl) ? (
            <a href={link.longurl} target="_blank" rel="noreferrer">
              {displayUrl(link.longurl)} <ExternalLink size={12} aria-hidden="true" />
            </a>
          ) : (
            link.longurl
          )}
        </dd>
        <dt>Created</dt>
        <dd data-testid="link-created">{formatDateTime(link.date)}</dd>
        {stats?.expiry ? (
          <>
            <dt>Expires</dt>
            <dd>{formatDateTime(stats.expiry)}</dd>
          </>
        ) : null}
        {link.description ? (
          <>
            <dt>Note</dt>
            <dd>{link.description}</dd>
          </>
        ) : null}
      </dl>
      {link.twinOf ? <TwinNotice name={link.longurl} /> : null}
      <QuickStats clicks={link.clicks} stats={stats} />
      {note ? <p className="muted small-text">{note}</p> : null}
      {targets.length > 0 ? (
        <div className="stack">
          <h4>Targeting</h4>
          <ul className="stack">
            {targets.map((t) => (
              <li key={`${t.kind}${t.name}`} className="small-text">
                {t.kind} {t.name} → {displayUrl(t.link)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <AssignControls link={link} />
      {link.shorturl ? (
        <QrImage text={link.shorturl} label={`QR code for ${displayUrl(link.shorturl)}`} fileName={link.alias} />
      ) : null}
    </aside>
  );
}
