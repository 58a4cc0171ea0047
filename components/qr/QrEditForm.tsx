import { useEffect, useRef, useState } from 'react';
import { updateQrInput } from '@/lib/api/inputs/qr';
import { fieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { savedQrText } from '@/lib/qr/payload';
import { update } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import { QrImage } from './QrImage';
import { QrLookFields, QrNameField } from './QrLookFields';
import { lookOf, qrEditOf } from './qr-edit';

export type QrEditOutcome = 'made' | 'queued' | 'absent';

/**
 * A QR code's name and look, opened with what the mirror knows and checked as the create form checks
 * them (the API's own schema, live once a save was tried). Only what changed is sent; the code keeps
 * its scans, and what it encodes stays.
 */
export function QrEditForm({ qr, onSaved }: { qr: QrRow; onSaved: (outcome: QrEditOutcome) => void }) {
  const [opened] = useState(() => lookOf(qr));
  const [look, setLook] = useState(opened);
  const [tried, setTried] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const parsed = updateQrInput.safeParse(qrEditOf(opened, look));
  const errors = tried > 0 && !parsed.success ? problemsInWords(fieldErrors(parsed.error)) : {};
  // The code as it is printed and downloaded (its address, or a Wi-Fi code's network): what the look
  // applies to, not what it leads to, which a re-point may have changed while the print stays. Drawn
  // only when its colours are known here (made here), so no preview claims black on white.
  const preview = opened.foreground && opened.background ? savedQrText(qr) : null;

  useEffect(() => {
    if (tried > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);

  async function save() {
    setFailure(null);
    if (!parsed.success) return setTried((n) => n + 1);
    if (Object.keys(parsed.data).length === 0) return onSaved('made');
    setBusy(true);
    try {
      const db = database();
      const outcome = await changeAnswered(db, qr.key, 'update', (ctx) => update(ctx, 'qr', qr.key, parsed.data));
      onSaved(outcome === 'made' && (await readCapability(db, 'qrEdit')) === 'absent' ? 'absent' : outcome);
    } catch (error) {
      setFailure(errorBesideField(error, t('qr.notSaved')));
    } finally {
      setBusy(false);
    }
  }
  const summary = tried > 0 && !parsed.success ? t('qr.checkFields') : failure;

  return (
    <form
      ref={formRef}
      className="stack qr-form"
      aria-label={t('qrEdit.heading')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="muted" data-testid="qr-edit-keeps-scans">
        {t('qrEdit.keepsScans')}
      </p>
      {/* Beside its preview when there is one; alone, the fields take the width. */}
      <div className={preview ? 'qr-form-body' : 'stack'}>
        <fieldset className="qr-fieldset">
          <legend>{t('qrCodeForm.nameAndLook')}</legend>
          <QrNameField look={look} onChange={setLook} errors={errors} />
          <QrLookFields look={look} onChange={setLook} errors={errors} />
        </fieldset>
        {preview ? (
          <div className="stack qr-preview">
            <QrImage
              text={preview}
              style={{ foreground: look.foreground, background: look.background }}
              size={160}
              label={t('qrEdit.preview')}
              fileName={look.name.trim() || 'qr-code'}
            />
          </div>
        ) : null}
      </div>
      <div className="row">
        <button type="submit" disabled={busy}>
          {t('qrEdit.save')}
        </button>
        <span role="status" className="error">
          {summary ?? ''}
        </span>
      </div>
    </form>
  );
}
