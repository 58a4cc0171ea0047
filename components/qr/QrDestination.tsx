import { useId, useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { Dialog } from '@/components/ui/Dialog';
import { Link2 } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { problemInWords } from '@/lib/browser/problems-in-words';
import type { QrRow } from '@/lib/db/schema';
import { repointBlocked } from '@/lib/qr/repoint';
import { words } from '@/lib/words';
import { QrDestinationList } from './QrDestinationList';
import { QrRepointForm, type QrRepointOutcome } from './QrRepointForm';
import { contentOf } from './qr-repoint';

/** What a person is told once the form has closed. */
function said(outcome: QrRepointOutcome): string {
  switch (outcome) {
    case 'made':
      return t('qrDestination.saved');
    case 'queued':
      return t('qrDestination.queued');
    case 'absent':
      return t('qrDestination.absent');
    case 'unchanged':
      return t('qrDestination.unchanged');
  }
}

/**
 * Where a code leads, and "Change where it leads". What it holds is known only for codes made or
 * re-pointed in this browser (the API's record has no content); for others that is said plainly,
 * and the change is still offered: what it sets becomes known. Where the service lacks the edit
 * route, or the printed code could not follow (a Wi-Fi code), the control is disabled with why.
 */
export function QrDestination({ qr }: { qr: QrRow }) {
  const content = contentOf(qr.input);
  const absent = useCapability('qrEdit') === 'absent';
  const blocked = repointBlocked(qr);
  const reason = absent ? t('qrDestination.absent') : blocked ? problemInWords(words(blocked)) : null;
  const [changing, setChanging] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const headingId = useId();
  const reasonId = useId();
  return (
    <section className="stack qr-destination" aria-labelledby={headingId} data-testid="qr-destination">
      <h3 id={headingId} className="qr-subheading">
        {t('qrDestination.heading')}
      </h3>
      {content ? (
        <QrDestinationList content={content} />
      ) : (
        <p className="muted" data-testid="qr-destination-unknown">
          {t('qrDestination.madeElsewhere')}
        </p>
      )}
      <div className="row">
        <button
          type="button"
          className="secondary small"
          disabled={reason !== null}
          title={reason ?? undefined}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => {
            setNote(null);
            setChanging(true);
          }}
        >
          <Link2 size={14} aria-hidden="true" /> {t('qrDestination.change')}
        </button>
      </div>
      {reason ? (
        <p id={reasonId} className="muted small-text" data-testid="qr-repoint-absent">
          {reason}
        </p>
      ) : null}
      {note && note !== reason ? (
        <p className="muted small-text" role="status" data-testid="qr-repoint-note">
          {note}
        </p>
      ) : null}
      {changing ? (
        <Dialog title={t('qrDestination.change')} onClose={() => setChanging(false)} testId="repoint-qr-dialog">
          <QrRepointForm
            qr={qr}
            onSaved={(outcome) => {
              setChanging(false);
              setNote(said(outcome));
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
