import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Tallies } from '@/components/stats/Tallies';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import { qrPayload } from '@/lib/qr/payload';
import { QrCreateForm } from './QrCreateForm';
import { QrImage } from './QrImage';

/** QR codes: list, create every type, and each code's scans and statistics. */
export function QrSection() {
  const db = database();
  const codes = useLiveQuery(() => db.qrCodes.orderBy('date').reverse().toArray(), [], []);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="qr-heading">
      <h2 id="qr-heading">QR codes</h2>
      <QrCreateForm onCreated={setOpen} />
      <ul className="stack" aria-label="QR codes">
        {codes.map((qr) => (
          <li key={qr.key} className="card stack" data-testid="qr-row">
            <div className="row">
              <button type="button" className="secondary" aria-expanded={open === qr.key} onClick={() => setOpen(open === qr.key ? null : qr.key)}>
                {qr.name || 'Unnamed QR code'}
              </button>
              <span className="muted" data-testid="qr-scans">
                {qr.scans} scans
              </span>
              <span className="muted">{qr.date}</span>
              <SyncBadge state={qr.sync} />
            </div>
            {open === qr.key ? <QrDetail qrKey={qr.key} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function QrDetail({ qrKey }: { qrKey: string }) {
  const db = database();
  const qr = useLiveQuery(() => db.qrCodes.get(qrKey), [qrKey]);
  const stats = useLiveQuery(() => db.qrStats.get(qrKey), [qrKey]);
  const [note, setNote] = useState<string | null>(null);
  useEffect(() => {
    if (!qr || qr.id === null) return;
    sendRequest({ type: 'qr.refresh', key: qrKey }).then(
      () => setNote(null),
      (e: unknown) => setNote(isApiError(e) ? `Statistics could not be refreshed: ${e.message}` : null),
    );
  }, [qrKey, qr?.id]);
  if (!qr) return null;
  // A saved code encodes its tracking link; one not yet saved shows what it will contain.
  const text = qr.link || (qr.input ? qrPayload(qr.input) : '');
  return (
    <div className="stack" data-testid="qr-detail">
      {text ? <QrImage text={text} size={160} label={`QR code ${qr.name}`} fileName={qr.name || 'qr-code'} style={{ foreground: qr.input?.foreground, background: qr.input?.background }} /> : null}
      {qr.link ? <p className="muted">Scans go through {qr.link}</p> : <p className="muted">Waiting to be saved on the service.</p>}
      {stats ? (
        <div className="tallies-grid">
          <Tallies title="Countries" items={stats.stats.topCountries} />
          <Tallies title="Referrers" items={stats.stats.topReferrers} />
          <Tallies title="Browsers" items={stats.stats.topBrowsers} />
          <Tallies title="Operating systems" items={stats.stats.topOs} />
        </div>
      ) : null}
      {note ? <p className="muted">{note}</p> : null}
    </div>
  );
}
