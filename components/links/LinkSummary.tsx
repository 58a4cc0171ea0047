import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { QuickStats } from '@/components/stats/QuickStats';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { isWebUrl } from '@/lib/api/web-url';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { CopyButton } from './CopyButton';

/** One link: its short URL with copy and QR, its statistics (refreshed when the budget allows). */
export function LinkSummary({ link, refresh = true }: { link: LinkRow; refresh?: boolean }) {
  const stats = useLiveQuery(() => database().linkStats.get(link.key), [link.key]);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (!refresh || link.id === null) return;
    sendRequest({ type: 'link.refresh', key: link.key }).then(
      () => setNote(null),
      (e: unknown) => setNote(isApiError(e) ? `Statistics could not be refreshed: ${e.message}` : null),
    );
  }, [link.key, link.id, refresh]);

  return (
    <section className="card stack" aria-label="This page's short link" data-testid="current-link">
      {link.shorturl ? (
        <div className="row">
          <a className="short-url" href={link.shorturl} target="_blank" rel="noreferrer" data-testid="short-url">
            {link.shorturl}
          </a>
          <CopyButton text={link.shorturl} />
        </div>
      ) : (
        <p className="muted" data-testid="short-url-pending">
          The short URL appears once the service has created it.
        </p>
      )}
      <SyncBadge state={link.sync} />
      <p className="muted truncate" title={link.longurl}>
        {isWebUrl(link.longurl) ? link.longurl : `(not a web address) ${link.longurl}`}
      </p>
      <QuickStats clicks={link.clicks} stats={stats} />
      {note ? <p className="muted">{note}</p> : null}
      {link.shorturl ? (
        <QrImage text={link.shorturl} label={`QR code for ${link.shorturl}`} fileName={link.alias || 'qr-code'} />
      ) : null}
    </section>
  );
}
