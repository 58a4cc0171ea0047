import { useEffect, useRef, useState } from 'react';
import { DialogForm, holdsError, OptionGroup, summaryLine } from '@/components/ui/DialogForm';
import { Field } from '@/components/ui/Field';
import { createQrInput, QR_TYPES, type QrType } from '@/lib/api/inputs/qr';
import { fieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { qrPayload } from '@/lib/qr/payload';
import { hexToRgb } from '@/lib/qr/render';
import { create } from '@/lib/sync/actions';
import { createAnswered } from '@/lib/sync/answer';
import { QrImage } from './QrImage';
import { DEFAULT_LOOK, type QrLook, QrLookFields, QrNameField } from './QrLookFields';
import { QrTypeFields, qrTypeLabel } from './QrTypeFields';
import { type Drafts, EMPTY_DRAFTS, qrData } from './qr-drafts';

/** A colour code kept left to right inside a line of words ("#000000" in Arabic, not "000000#"). */
const ltr = (code: string) => `\u2066${code}\u2069`;

/** The request body as the API wants it: colours as rgb(r,g,b), empty optional fields left out. */
function buildInput(type: QrType, drafts: Drafts, look: QrLook): unknown {
  return {
    type,
    data: qrData(type, drafts),
    foreground: hexToRgb(look.foreground),
    background: hexToRgb(look.background),
    ...(look.name.trim() ? { name: look.name.trim() } : {}),
    ...(look.logo.trim() ? { logo: look.logo.trim() } : {}),
  };
}

/**
 * Creating a QR code of any type. The input is parsed on every keystroke with the API's own
 * schema: a valid one is previewed at once (drawn locally), and the messages, once someone has
 * tried to save, follow each correction live. Nothing is queued until the whole input is valid.
 */
export function QrCodeForm({ onSaved }: { onSaved: () => void }) {
  const [type, setType] = useState<QrType>('link');
  const [drafts, setDrafts] = useState<Drafts>(EMPTY_DRAFTS);
  const [look, setLook] = useState<QrLook>(DEFAULT_LOOK);
  const [tried, setTried] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const parsed = createQrInput.safeParse(buildInput(type, drafts, look));
  const errors = tried > 0 && !parsed.success ? problemsInWords(fieldErrors(parsed.error)) : {};
  const preview = parsed.success ? qrPayload(parsed.data) : null;

  // After a refused save, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (tried > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);

  async function save() {
    setFailure(null);
    if (!parsed.success) return setTried((n) => n + 1);
    setBusy(true);
    try {
      const db = database();
      await createAnswered(db, (ctx) => create(ctx, 'qr', parsed.data));
      // Clear what was typed for this type (a Wi-Fi password should not linger), keep the colours.
      setDrafts({ ...drafts, [type]: EMPTY_DRAFTS[type] });
      setLook({ ...look, name: '', logo: '' });
      setTried(0);
      onSaved();
    } catch (error) {
      setFailure(errorBesideField(error, t('qr.notSaved')));
    } finally {
      setBusy(false);
    }
  }
  // Derived, not stored: the summary goes the moment the last marked field is fixed.
  const summary = tried > 0 && !parsed.success ? t('qr.checkFields') : failure;

  return (
    <DialogForm
      formRef={formRef}
      className="qr-form"
      label={t('qrCodeForm.newQrCode')}
      onSubmit={() => void save()}
      actions={
        <>
          <button type="submit" disabled={busy}>
            {t('qrCodeForm.createQrCode')}
          </button>
          <span role="status" className="error">
            {summary ?? ''}
          </span>
        </>
      }
    >
      <div className="qr-form-body">
        <div className="stack">
          <Field label={t('qrCodeForm.qrType')} error={errors.type}>
            {(p) => (
              <select
                {...p}
                value={type}
                onChange={(e) => {
                  setType(e.target.value as QrType);
                  // Messages belong to the type that was being saved, not the one just picked.
                  setTried(0);
                  setFailure(null);
                }}
              >
                {QR_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {qrTypeLabel(t)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <fieldset className="qr-fieldset">
            <legend>{qrTypeLabel(type)}</legend>
            <QrTypeFields type={type} drafts={drafts} onChange={setDrafts} errors={errors} />
          </fieldset>
          <QrNameField look={look} onChange={setLook} errors={errors} />
          <OptionGroup
            title={t('qrCodeForm.look')}
            summary={summaryLine([
              look.foreground && look.background
                ? t('qrCodeForm.summaryColours', { foreground: ltr(look.foreground), background: ltr(look.background) })
                : t('qrLookFields.notKnownHere'),
              look.logo.trim() && t('qrCodeForm.summaryLogo'),
            ])}
            invalid={holdsError(errors, ['foreground', 'background', 'logo'])}
            testId="group-look"
          >
            <div className="qr-look-grid">
              <QrLookFields look={look} onChange={setLook} errors={errors} />
            </div>
          </OptionGroup>
        </div>
        <div className="stack qr-preview">
          {preview ? (
            <QrImage
              text={preview}
              style={{ foreground: look.foreground, background: look.background }}
              size={160}
              label={t('qrCodeForm.previewOfTheNew')}
              fileName={look.name.trim() || 'qr-code'}
            />
          ) : (
            <p className="muted qr-preview-empty">{t('qrCodeForm.thePreviewAppearsOnce')}</p>
          )}
          <p className="muted small-text" data-testid="qr-preview-note">
            {type === 'wifi' ? t('qrCodeForm.thisIsTheCode') : t('qrCodeForm.previewOfTheContent')}
          </p>
        </div>
      </div>
    </DialogForm>
  );
}
