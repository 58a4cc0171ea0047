import { useLiveQuery } from 'dexie-react-hooks';
import { RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { QuickStats } from '@/components/stats/QuickStats';
import { useFreshWhileShown } from '@/components/sync/useFreshWhileShown';
import { displayUrl } from '@/components/ui/format';
import { isApiError } from '@/lib/api/errors';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { scansCounted } from '@/lib/qr/payload';
import { QR_TYPE_LABEL } from './QrTypeFields';

/**
 * One QR code's scans and statistics. Opening it asks the worker for fresh statistics (an
 * interactive request, ahead of the sync queue); what was fetched before shows meanwhile, offline too.
 * While it stays open its scans are kept fresh (never older than a minute).
 */
export function QrCodeDetail({ qr }: { qr: QrRow }) {
  const stats = useLiveQuery(() => database().qrStats.get(qr.key), [qr.key]);
  useFreshWhileShown([{ type: 'qr', key: qr.key }]);
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

  return (
    <section
      className="stack qr-detail"
      aria-label={`Statistics of ${qr.name || 'this QR code'}`}
      data-testid="qr-detail"
    >
      <div className="row-between">
        <span className="muted small-text">{qr.input ? QR_TYPE_LABEL[qr.input.type] : 'QR code'}</span>
        <button
          type="button"
          className="secondary small"
          aria-label="Refresh statistics"
          disabled={!saved || state.busy}
          onClick={refresh}
        >
          <RefreshCw size={14} aria-hidden="true" className={state.busy ? 'spinner' : undefined} />
          {state.busy ? 'Refreshing' : 'Refresh'}
        </button>
      </div>
      {!saved ? <p className="muted">Statistics appear once the service has saved this code.</p> : null}
      {state.error ? <p className="error">{state.error}</p> : null}
      <QuickStats clicks={qr.scans} stats={stats} noun="scan" />
      {qr.link && scansCounted(qr) ? (
        <p className="muted small-text">
          Scans are counted at <span className="qr-link">{displayUrl(qr.link)}</span>
        </p>
      ) : null}
      {!scansCounted(qr) ? (
        <p className="muted small-text">
          This Wi-Fi code holds the network itself, so phones can join from it. The service's own code for it opens a
          page with the network's name only, so this one is shown and downloaded instead; its scans are not counted.
        </p>
      ) : null}
    </section>
  );
}
