import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { QrCodeDetail } from './QrCodeDetail';
import { QrCodeForm } from './QrCodeForm';
import { QrImage } from './QrImage';
import './qr.css';

/** QR codes: create any type with a local preview, list them with their images, open one for its scans. */
export function QrCodesPage() {
  const db = database();
  const codes = useLiveQuery(() => db.qrCodes.orderBy('date').reverse().toArray(), [], []);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="qr-heading">
      <h2 id="qr-heading">QR codes</h2>
      <QrCodeForm />
      {codes.length === 0 ? <p className="muted">No QR codes yet.</p> : null}
      <ul className="stack" aria-label="QR codes">
        {codes.map((qr) => (
          <li key={qr.key} className="card stack" data-testid="qr-row">
            <QrCodeSummary qr={qr} open={open === qr.key} onToggle={() => setOpen(open === qr.key ? null : qr.key)} />
            {qr.twinOf ? <TwinNotice name={qrName(qr)} /> : null}
            {open === qr.key ? <QrCodeDetail qr={qr} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function qrName(qr: QrRow): string {
  return qr.name || 'Unnamed QR code';
}

function QrCodeSummary({ qr, open, onToggle }: { qr: QrRow; open: boolean; onToggle: () => void }) {
  return (
    <div className="qr-summary">
      <div className="stack">
        <div className="row">
          {/* The name opens the details: statistics are fetched only when someone asks for them. */}
          <button type="button" className="qr-name-button" aria-expanded={open} onClick={onToggle}>
            {qrName(qr)}
          </button>
          <SyncBadge state={qr.sync} />
        </div>
        <div className="row muted">
          <span data-testid="qr-scans">
            {qr.scans} {qr.scans === 1 ? 'scan' : 'scans'}
          </span>
          <span>created {qr.date} UTC</span>
        </div>
      </div>
      {/* The service's code points at its tracking link (that is how scans are counted); until the
          service has saved the code there is no such link, and no image that would count. */}
      {qr.link ? (
        <QrImage
          text={qr.link}
          size={96}
          label={`QR code ${qrName(qr)}`}
          fileName={qr.name || 'qr-code'}
          style={{ foreground: qr.input?.foreground, background: qr.input?.background }}
        />
      ) : (
        <p className="muted qr-waiting">Image once the service has saved it.</p>
      )}
    </div>
  );
}
