import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { QuickStats } from '@/components/stats/QuickStats';
import { Tallies } from '@/components/stats/Tallies';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { isWebUrl } from '@/lib/api/web-url';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import { AssignControls } from './AssignControls';
import { CopyButton } from './CopyButton';

/** One link in full: statistics as charts, targeting, QR code, channel and campaign. */
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
  return (
    <section className="card stack" aria-labelledby="link-detail-heading" data-testid="link-detail">
      <div className="row">
        <h3 id="link-detail-heading">{link.title || link.alias || 'Short link'}</h3>
        <SyncBadge state={link.sync} />
        <button type="button" className="secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {link.shorturl ? (
        <div className="row">
          <span className="short-url" data-testid="detail-short-url">
            {link.shorturl}
          </span>
          <CopyButton text={link.shorturl} />
        </div>
      ) : (
        <p className="muted">The short URL appears once the service has created the link.</p>
      )}
      <p className="muted">
        {isWebUrl(link.longurl) ? (
          <a href={link.longurl} target="_blank" rel="noreferrer">
            {link.longurl}
          </a>
        ) : (
          link.longurl
        )}
        {link.description ? ` · ${link.description}` : ''}
      </p>
      {link.twinOf ? <TwinNotice name={link.longurl} /> : null}
      <QuickStats clicks={link.clicks} stats={stats} />
      {stats ? <Tallies title="Social networks" items={stats.stats.socialCount} /> : null}
      {stats && (stats.location.length > 0 || stats.device.length > 0) ? (
        <div className="stack">
          <h4>Targeting</h4>
          <ul>
            {[
              ...stats.location.map((t) => ({ ...t, kind: 'Country' })),
              ...stats.device.map((t) => ({ ...t, kind: 'Device' })),
            ].map((t) => (
              <li key={`${t.kind}${t.name}`}>
                {t.kind} {t.name} → {t.link}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {note ? <p className="muted">{note}</p> : null}
      <AssignControls link={link} />
      {link.shorturl ? (
        <QrImage text={link.shorturl} label={`QR code for ${link.shorturl}`} fileName={link.alias} />
      ) : null}
    </section>
  );
}
