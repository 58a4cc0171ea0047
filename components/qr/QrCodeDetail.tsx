import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { Tallies } from '@/components/stats/Tallies';
import { isApiError } from '@/lib/api/errors';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { QR_TYPE_LABEL } from './QrTypeFields';

/**
 * One QR code's scans and statistics. Opening it asks the worker for fresh statistics (an
 * interactive request, ahead of the sync queue); what was fetched before shows meanwhile, offline too.
 */
export function QrCodeDetail({ qr }: { qr: QrRow }) {
  const stats = useLiveQuery(() => database().qrStats.get(qr.key), [qr.key]);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const saved = qr.id !== null;

  const refresh = useCallback(() => {
    setState({ busy: true, error: null });
    sendRequest({ type: 'qr.refresh', key: qr.key }).then(
      () => setState({ busy: false, error: null }),
      (e: unknown) =>
        setState({ busy: false, error: `Statistics could not be refreshed${isApiError(e) ? `: ${e.message}` : '.'}` }),
    );
  }, [qr.key]);

  // Fetched once the code has a server id: right away, or as soon as its create has gone through.
  useEffect(() => {
    if (saved) refresh();
  }, [saved, refresh]);

  const s = stats?.stats;
  return (
    <section
      className="stack qr-detail"
      aria-label={`Statistics of ${qr.name || 'this QR code'}`}
      data-testid="qr-detail"
    >
      <div className="row">
        <div className="metric">
          <span className="metric-value" data-testid="qr-detail-scans">
            {s ? Math.max(s.clicks, qr.scans) : qr.scans}
          </span>
          <span className="muted">scans</span>
        </div>
        <div className="metric">
          <span className="metric-value">{s ? s.uniqueClicks : '–'}</span>
          <span className="muted">unique</span>
        </div>
        <button type="button" className="secondary" disabled={!saved || state.busy} onClick={refresh}>
          {state.busy ? 'Refreshing…' : 'Refresh statistics'}
        </button>
        <span className="muted" role="status">
          {stats ? `Updated ${new Date(stats.fetchedAt).toLocaleTimeString()}` : ''}
        </span>
      </div>
      {qr.input ? <p className="muted">Type: {QR_TYPE_LABEL[qr.input.type]}</p> : null}
      {qr.link ? (
        <p className="muted">
          Scans are counted at <span className="qr-link">{qr.link}</span>
        </p>
      ) : null}
      {!saved ? <p className="muted">Statistics appear once the service has saved this code.</p> : null}
      {state.error ? <p className="error">{state.error}</p> : null}
      {s ? (
        <div className="tallies-grid">
          <Tallies title="Countries" items={s.topCountries} />
          <Tallies title="Referrers" items={s.topReferrers} />
          <Tallies title="Browsers" items={s.topBrowsers} />
          <Tallies title="Operating systems" items={s.topOs} />
        </div>
      ) : null}
    </section>
  );
}
