import { useEffect, useRef, useState } from 'react';
import { withAddresses } from '@/components/ui/Address';
import { Field } from '@/components/ui/Field';
import { displayUrl } from '@/components/ui/format';
import { isApiError } from '@/lib/api/errors';
import { type QrContent, type QrType, updateQrInput } from '@/lib/api/inputs/qr';
import { type FieldErrors, fieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { QrRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { REPOINT_TYPES } from '@/lib/qr/repoint';
import { update } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import type { QrEditOutcome } from './QrEditForm';
import { QrTypeFields, qrTypeLabel } from './QrTypeFields';
import { type Drafts, draftsOf } from './qr-drafts';
import { contentOf, holdsAlready, repointOf } from './qr-repoint';

export type QrRepointOutcome = QrEditOutcome | 'unchanged';

/** The types whose data is one field. */
const ONE_FIELD: readonly QrType[] = ['text', 'link', 'phone'];

/**
 * "Change where it leads": what a code holds, opened with what this browser knows of it (nothing, for
 * a code made elsewhere) in the create form's own fields, checked with the API's schema as those are,
 * and saved as an edit through the outbox, offline too. The printed code keeps its address and scans.
 * A refusal of the service is shown at the field it names, with what was typed.
 */
export function QrRepointForm({ qr, onSaved }: { qr: QrRow; onSaved: (outcome: QrRepointOutcome) => void }) {
  const [known] = useState(() => contentOf(qr.input));
  const [type, setType] = useState<QrType>(known && REPOINT_TYPES.includes(known.type) ? known.type : 'link');
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(known));
  const [tried, setTried] = useState(0);
  const [refused, setRefused] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const parsed = updateQrInput.safeParse(repointOf(type, drafts));
  const checked = tried > 0 && !parsed.success ? problemsInWords(fieldErrors(parsed.error)) : {};
  const errors = { ...checked, ...refused };
  const { _: refusal, ...atFields } = errors;

  // After a refused save, take the keyboard to the first field that needs attention.
  useEffect(() => {
    if (tried > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [tried]);

  async function save() {
    setRefused({});
    if (!parsed.success) return setTried((n) => n + 1);
    if (holdsAlready(known, parsed.data as QrContent)) return onSaved('unchanged');
    setBusy(true);
    try {
      const db = database();
      const outcome = await changeAnswered(db, qr.key, 'update', (ctx) => update(ctx, 'qr', qr.key, parsed.data));
      // A code the service does not have yet takes the change into its queued create: not made yet.
      if (qr.id === null) return onSaved('queued');
      onSaved(outcome === 'made' && (await readCapability(db, 'qrEdit')) === 'absent' ? 'absent' : outcome);
    } catch (error) {
      // At its field when the form has one ("data", "data.email"), else for the form as a whole.
      const field = isApiError(error) && error.field?.startsWith('data') ? error.field : '_';
      setRefused({ [field]: errorBesideField(error, t('qr.notSaved')) });
      setTried((n) => n + 1);
    } finally {
      setBusy(false);
    }
  }
  const summary = refusal ?? (tried > 0 && !parsed.success ? t('qr.checkFields') : null);

  return (
    <form
      ref={formRef}
      className="stack qr-form"
      aria-label={t('qrDestination.change')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <p className="muted" data-testid="qr-repoint-stays">
        {qr.link
          ? withAddresses(t('qrDestination.stays', { address: displayUrl(qr.link) }))
          : t('qrDestination.staysNoAddress')}
      </p>
      {known ? null : (
        <p className="muted" data-testid="qr-repoint-unknown">
          {t('qrDestination.replacesUnknown')}
        </p>
      )}
      <Field label={t('qrCodeForm.qrType')} hint={t('qrDestination.typeHint')}>
        {(p) => (
          <select
            {...p}
            value={type}
            onChange={(e) => {
              setType(e.target.value as QrType);
              // Messages belong to the type that was being saved, not the one just picked.
              setTried(0);
              setRefused({});
            }}
          >
            {REPOINT_TYPES.map((option) => (
              <option key={option} value={option}>
                {qrTypeLabel(option)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {/* One field alone takes the width: an address is read whole, not scrolled in a narrow box. */}
      <fieldset className={ONE_FIELD.includes(type) ? 'qr-fieldset qr-fieldset-one' : 'qr-fieldset'}>
        <legend>{qrTypeLabel(type)}</legend>
        <QrTypeFields
          type={type}
          drafts={drafts}
          onChange={(next) => {
            setDrafts(next);
            // What the service refused was what was typed then: a correction takes its message away.
            setRefused({});
          }}
          errors={atFields}
        />
      </fieldset>
      <div className="row">
        <button type="submit" disabled={busy}>
          {t('qrDestination.save')}
        </button>
        <span role="status" className="error">
          {summary ?? ''}
        </span>
      </div>
    </form>
  );
}
