import { type FormEvent, useId, useState } from 'react';
import { askFirst } from '@/components/state/confirm';
import { Field } from '@/components/ui/Field';
import { ApiError, isApiError } from '@/lib/api/errors';
import { storedRefusal } from '@/lib/api/refusals';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { OutboxEntry } from '@/lib/db/schema';
import { discardChange, editQueuedCreate, retryChange } from '@/lib/sync/actions';
import { describeChange, editableFields } from './describe-change';

/**
 * What a person can do with a refused change, wherever it is shown (Sync, the popup of its page). A
 * refusal that would come again unchanged (a taken alias, a name already used) offers Edit first,
 * with the refused field marked and the cursor in it, and is sent again only once something in it
 * changed; a temporary failure offers Retry. `editing` opens the fields at once: the popup shows its
 * page's refused link as the fix, as it would have online.
 */
export function RefusedChange({
  entry,
  onDone,
  editing: editingFirst = false,
}: {
  entry: OutboxEntry;
  onDone?: () => void;
  editing?: boolean;
}) {
  const db = database();
  const fields = editableFields(entry);
  const refused = entry.error ? ApiError.from(storedRefusal(entry.error)) : null;
  const temporary = refused?.retryable ?? true;
  const [editing, setEditing] = useState(editingFirst);
  const initial = () => Object.fromEntries(fields.map((f) => [f.name, f.value]));
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const formId = useId();
  const refusedField = fields.some((f) => f.name === refused?.field) ? refused?.field : null;
  const changed = fields.some((f) => (values[f.name] ?? '').trim() !== f.value);

  async function save(event: FormEvent) {
    event.preventDefault();
    const edited = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : v.trim()]),
    );
    try {
      await editQueuedCreate({ db }, entry.seq!, edited);
      setEditing(false);
      setError(null);
      onDone?.();
    } catch (e) {
      const field = isApiError(e) && fields.some((f) => f.name === e.field) ? e.field : null;
      setError({ field, message: field ? errorBesideField(e, '') : errorInWords(e, t('account.notSaved')) });
    }
  }

  // The refusal stands beside its field until the person saves something else.
  const problemAt = (name: string) =>
    error
      ? error.field === name
        ? error.message
        : undefined
      : name === refusedField && !changed
        ? errorBesideField(refused, '')
        : undefined;

  const edit =
    fields.length > 0 ? (
      <button
        type="button"
        className={temporary ? 'secondary' : undefined}
        aria-expanded={editing}
        aria-controls={formId}
        onClick={() => setEditing(!editing)}
      >
        {t('campaignSummary.edit')}
      </button>
    ) : null;
  const retry =
    temporary || fields.length === 0 ? (
      <button
        type="button"
        className={temporary ? undefined : 'secondary'}
        onClick={() => void retryChange({ db }, entry.seq!).then(() => onDone?.())}
      >
        {t('syncCentre.retry')}
      </button>
    ) : null;

  const actions = (
    <div className="row">
      {/* Opened at once, the fields are the fix: Edit would only close them. */}
      {temporary ? retry : editingFirst ? null : edit}
      {temporary && !editingFirst ? edit : retry}
      <button
        type="button"
        className="danger"
        onClick={async () => {
          const yes = await askFirst({
            title: t('confirm.discardChange'),
            consequence: t('sync.confirmDiscard', { change: describeChange(entry) }),
            action: t('syncCentre.discard'),
          });
          if (yes) void discardChange({ db }, entry.seq!);
        }}
      >
        {t('syncCentre.discard')}
      </button>
    </div>
  );
  const form = editing ? (
    <form id={formId} className="stack" noValidate onSubmit={(e) => void save(e)}>
      {fields.map((field) => (
        <Field key={field.name} label={field.label} error={problemAt(field.name)}>
          {(p) => (
            <input
              {...p}
              // biome-ignore lint/a11y/noAutofocus: the person pressed Edit to correct this very field.
              autoFocus={field.name === (refusedField ?? fields[0]?.name)}
              // An address or an alias reads left to right in a right-to-left page too; a title as written.
              dir="auto"
              value={values[field.name] ?? ''}
              onChange={(e) => {
                setValues({ ...values, [field.name]: e.target.value });
                setError(null);
              }}
            />
          )}
        </Field>
      ))}
      {error && !error.field ? (
        <p role="alert" className="error">
          {error.message}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={!temporary && !changed}>
          {t('syncCentre.saveAndRetry')}
        </button>
      </div>
    </form>
  ) : null;

  return (
    <div className="stack">
      {!temporary && fields.length > 0 && !editingFirst ? <p className="muted">{t('refusal.retryWontHelp')}</p> : null}
      {/* Opened at once, the fields come first and the other choices after them. */}
      {editingFirst ? form : actions}
      {editingFirst ? actions : form}
    </div>
  );
}
