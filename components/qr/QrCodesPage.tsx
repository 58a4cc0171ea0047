import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { usePicked } from '@/components/hooks/usePicked';
import { PickAllBox } from '@/components/selection/PickAllBox';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { formatDate } from '@/components/ui/format';
import { Plus, QrCode } from '@/components/ui/icons';
import { LinkText } from '@/components/ui/LinkText';
import { SectionHead } from '@/components/ui/SectionHead';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { savedQrText, scansCounted } from '@/lib/qr/payload';
import { QrCodeDetail } from './QrCodeDetail';
import { QrCodeForm } from './QrCodeForm';
import { QrImage } from './QrImage';
import { QrSelectionBar } from './QrSelectionBar';
import { qrTypeLabel } from './QrTypeFields';
import './qr.css';
import { plural, t } from '@/lib/browser/i18n';

/** QR codes: the list first, each with its image and scans; "New QR code" in a dialog with a live preview. */
export function QrCodesPage() {
  const db = database();
  const codes = useLiveQuery(() => db.qrs.orderBy('date').reverse().toArray(), [], undefined);
  const [open, setOpen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const { picked, pick, clear } = usePicked();
  // Only codes still listed count: one deleted meanwhile (elsewhere, or by the service) drops out.
  const shown = codes ?? [];
  const pickedShown = shown.filter((qr) => picked.has(qr.key)).map((qr) => qr.key);
  const newCode = (
    <button type="button" onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden="true" /> {t('qrCodeForm.newQrCode')}
    </button>
  );
  return (
    <section className="stack-lg" aria-labelledby="qr-heading">
      <SectionHead id="qr-heading" title={t('channelItems.qrCodes')}>
        {newCode}
      </SectionHead>
      {codes && codes.length === 0 ? (
        <EmptyState icon={QrCode} title={t('qrCodesPage.noQrCodesYet')} action={newCode}>
          {t('qrCodesPage.makeACodeFor')}
        </EmptyState>
      ) : null}
      {shown.length > 0 ? (
        <div className="qr-pick-row">
          <label className="qr-pick-all">
            <PickAllBox
              total={shown.length}
              picked={pickedShown.length}
              onChange={(on) =>
                pick(
                  shown.map((qr) => qr.key),
                  on,
                  true,
                )
              }
            />
            {plural('qrSelection.selectAll', shown.length)}
          </label>
          {pickedShown.length > 0 ? <QrSelectionBar keys={pickedShown} onClear={clear} /> : null}
        </div>
      ) : null}
      <ul className="qr-grid" aria-label={t('channelItems.qrCodes')}>
        {codes?.map((qr) => (
          <li key={qr.key} className="card stack qr-card" data-testid="qr-row">
            <input
              type="checkbox"
              className="qr-pick"
              aria-label={t('selection.select', { item: qrName(qr) })}
              checked={picked.has(qr.key)}
              onChange={(e) => pick([qr.key], e.target.checked)}
              data-testid="pick-qr"
            />
            <QrCodeSummary qr={qr} open={open === qr.key} onToggle={() => setOpen(open === qr.key ? null : qr.key)} />
            {qr.twinOf ? <TwinNotice name={qrName(qr)} /> : null}
            {open === qr.key ? <QrCodeDetail qr={qr} /> : null}
          </li>
        ))}
      </ul>
      {creating ? (
        <Dialog title={t('qrCodeForm.newQrCode')} onClose={() => setCreating(false)}>
          <QrCodeForm onSaved={() => setCreating(false)} />
        </Dialog>
      ) : null}
    </section>
  );
}

function qrName(qr: QrRow): string {
  return qr.name || t('qr.unnamed');
}

function QrCodeSummary({ qr, open, onToggle }: { qr: QrRow; open: boolean; onToggle: () => void }) {
  const text = savedQrText(qr);
  return (
    <div className="qr-summary">
      {text ? (
        <QrImage
          text={text}
          size={112}
          label={t('qr.codeNamed', { name: qrName(qr) })}
          fileName={qr.name || 'qr-code'}
          style={{ foreground: qr.input?.foreground, background: qr.input?.background }}
        />
      ) : (
        <p className="muted qr-waiting">{t('qrCodesPage.theImageAppearsOnce')}</p>
      )}
      <div className="stack qr-summary-text">
        <div className="row">
          {/* The name opens the details: statistics are fetched only when someone asks for them. */}
          <button type="button" className="qr-name-button" aria-expanded={open} onClick={onToggle}>
            <LinkText kind="title" text={qrName(qr)} />
          </button>
          <SyncBadge state={qr.sync} />
        </div>
        {qr.input ? (
          <span className="badge qr-type" data-testid="qr-type">
            {qrTypeLabel(qr.input.type)}
          </span>
        ) : null}
        <span className="muted small-text">
          <span data-testid="qr-scans">
            {scansCounted(qr) ? plural('qr.scans', qr.scans) : t('qrCodesPage.scansNotCounted')}
          </span>
          {' · '}
          <span data-testid="qr-date">{formatDate(qr.date)}</span>
        </span>
        {!scansCounted(qr) ? (
          <span className="muted small-text" data-testid="qr-wifi-note">
            {t('qrCodesPage.joinsTheNetworkDirectly')}
          </span>
        ) : null}
      </div>
    </div>
  );
}
