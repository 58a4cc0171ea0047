import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { askFirst } from '@/components/state/confirm';
import { QuickStats } from '@/components/stats/QuickStats';
import { RecordHistoryLater } from '@/components/stats/RecordHistoryLater';
import { RecordConflicts } from '@/components/sync/ConflictNotice';
import { useFreshWhileShown } from '@/components/sync/useFreshWhileShown';
import { Address } from '@/components/ui/Address';
import { Dialog } from '@/components/ui/Dialog';
import { displayUrl } from '@/components/ui/format';
import { Pencil, RefreshCw, Trash2 } from '@/components/ui/icons';
import { isApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { sendRequest } from '@/lib/messages/send';
import { scansCounted } from '@/lib/qr/payload';
import { remove as removeRecords } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import { QrDestination } from './QrDestination';
import { QrEditForm, type QrEditOutcome } from './QrEditForm';
import { qrTypeLabel } from './QrTypeFields';

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
  const canDelete = useCapability('qrDelete') !== 'absent';
  const canEdit = useCapability('qrEdit') !== 'absent';
  const [editing, setEditing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const reasons = [
    canEdit ? null : t('capability.absent.qrEdit'),
    canDelete ? null : t('capability.absent.qrDelete'),
  ].filter((r) => r !== null);

  const edited = (outcome: QrEditOutcome) => {
    setEditing(false);
    setNote(
      outcome === 'absent'
        ? t('capability.absent.qrEdit')
        : outcome === 'queued'
          ? t('qrEdit.queued')
          : t('qrEdit.saved'),
    );
  };

  /** Asked first; gone from the list at once, and back with the reason if the service refuses or lacks deletes. */
  async function remove() {
    const db = database();
    const yes = await askFirst({
      title: t('qrCodeDetail.deleteTitle'),
      consequence: t('qrCodeDetail.deleteConsequence', { name: qr.name || t('qr.thisQr') }),
      action: t('linkDetailPanel.delete'),
    });
    if (!yes) return;
    try {
      await changeAnswered(db, qr.key, 'delete', (ctx) => removeRecords(ctx, 'qr', [qr.key]));
      if ((await readCapability(db, 'qrDelete')) === 'absent') setNote(t('capability.absent.qrDelete'));
    } catch (error) {
      setNote(isApiError(error) ? errorInWords(error, '') : t('qr.statsNotRefreshed'));
    }
  }

  const refresh = useCallback(() => {
    setState({ busy: true, error: null });
    sendRequest({ type: 'qr.refresh', key: qr.key }).then(
      () => setState({ busy: false, error: null }),
      (e: unknown) =>
        setState({
          busy: false,
          error: isApiError(e)
            ? t('pageLink.statsNotRefreshed', { reason: errorInWords(e, '') })
            : t('qr.statsNotRefreshed'),
        }),
    );
  }, [qr.key]);

  // Fetched once the code has a server id: right away, or as soon as its create has gone through.
  useEffect(() => {
    if (saved) refresh();
  }, [saved, refresh]);

  return (
    <section
      className="stack qr-detail"
      aria-label={t('qr.statsOf', { name: qr.name || t('qr.thisQr') })}
      data-testid="qr-detail"
    >
      <div className="row-between">
        <span className="muted small-text">{qr.input ? qrTypeLabel(qr.input.type) : t('pageLink.qr')}</span>
        <button
          type="button"
          className="secondary small"
          aria-label={t('qrCodeDetail.refreshStatistics')}
          disabled={!saved || state.busy}
          onClick={refresh}
        >
          <RefreshCw size={14} aria-hidden="true" className={state.busy ? 'spinner' : undefined} />
          {state.busy ? t('qrCodeDetail.refreshing') : t('qrCodeDetail.refresh')}
        </button>
      </div>
      <QrDestination qr={qr} />
      {/* Above what loads after the panel (its statistics, its scans' history): a press never lands on a moving button. */}
      <div className="row">
        <button
          type="button"
          className="secondary small"
          disabled={!canEdit}
          title={canEdit ? undefined : t('capability.absent.qrEdit')}
          onClick={() => {
            setNote(null);
            setEditing(true);
          }}
        >
          <Pencil size={14} aria-hidden="true" /> {t('qrEdit.edit')}
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={!canDelete}
          title={canDelete ? undefined : t('capability.absent.qrDelete')}
          onClick={() => void remove()}
        >
          <Trash2 size={14} aria-hidden="true" /> {t('qrCodeDetail.delete')}
        </button>
      </div>
      {reasons.map((reason) => (
        <p key={reason} className="muted small-text" data-testid="qr-absent">
          {reason}
        </p>
      ))}
      {note && !reasons.includes(note) ? (
        <p className="muted small-text" role="status" data-testid="qr-edit-note">
          {note}
        </p>
      ) : null}
      {!saved ? <p className="muted">{t('qrCodeDetail.statisticsAppearOnceThe')}</p> : null}
      {state.error ? <p className="error">{state.error}</p> : null}
      <RecordConflicts recordKey={qr.key} />
      <QuickStats clicks={qr.scans} stats={stats} noun="scan" />
      {scansCounted(qr) ? (
        <RecordHistoryLater
          kind="qr"
          record={{ id: qr.id, date: qr.date, total: qr.scans }}
          name={qr.link}
          fileName={qr.name || 'qr-code'}
        />
      ) : null}
      {qr.link && scansCounted(qr) ? (
        <p className="muted small-text">
          {/* Isolated: in a right-to-left line the address keeps its own order. */}
          {t('qrCodeDetail.scansAreCountedAt')} <Address className="qr-link">{displayUrl(qr.link)}</Address>
        </p>
      ) : null}
      {!scansCounted(qr) ? <p className="muted small-text">{t('qrCodeDetail.thisWiFiCode')}</p> : null}
      {editing ? (
        <Dialog title={t('qrEdit.heading')} onClose={() => setEditing(false)} testId="edit-qr-dialog">
          <QrEditForm qr={qr} onSaved={edited} />
        </Dialog>
      ) : null}
    </section>
  );
}
