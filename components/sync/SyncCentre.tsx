import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useId, useState } from 'react';
import { askFirst } from '@/components/state/confirm';
import { withAddresses } from '@/components/ui/Address';
import { Field } from '@/components/ui/Field';
import { CircleAlert, CircleCheck, CloudUpload, RefreshCw } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { ApiError, isApiError } from '@/lib/api/errors';
import { storedRefusal } from '@/lib/api/refusals';
import { plural, t } from '@/lib/browser/i18n';
import { errorBesideField, errorInWords, storedErrorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { OutboxEntry } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { discardChange, editQueuedCreate, retryChange } from '@/lib/sync/actions';
import { stateOfEntry } from '@/lib/sync/change-state';
import { readReachability } from '@/lib/sync/reachability';
import { ConflictNotice } from './ConflictNotice';
import { describeChange, editableFields } from './describe-change';
import { LikelyCopies } from './LikelyCopies';
import { MirrorProgress } from './MirrorProgress';
import { SyncStatus } from './SyncStatus';

/**
 * The sync centre, as a person needs it: first one sentence on where things stand, then the
 * changes that need them, then those still on their way. Allowance and refresh times are behind Details.
 */
export function SyncCentre() {
  const db = database();
  // No default: until IndexedDB has answered, saying "in sync" would be a claim nobody checked.
  const entries = useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []);
  const reach = useLiveQuery(() => readReachability(db), []);
  const kick = () => void sendRequest({ type: 'sync.kick' }).catch(() => undefined);
  const failed = (entries ?? []).filter((e) => e.state === 'failed');
  const waiting = (entries ?? []).filter((e) => e.state !== 'failed');
  const unreachable = reach?.reachable === false || !navigator.onLine;
  return (
    <section className="stack-lg" aria-labelledby="sync-heading">
      <SectionHead id="sync-heading" title={t('syncCentre.sync')}>
        <button type="button" className="secondary" onClick={() => void sendRequest({ type: 'sync.pull' })}>
          <RefreshCw size={15} aria-hidden="true" /> {t('syncCentre.syncNow')}
        </button>
      </SectionHead>
      {entries ? (
        <div className="card sync-summary" data-testid="sync-summary">
          {failed.length > 0 ? (
            <CircleAlert size={22} aria-hidden="true" className="error" />
          ) : waiting.length > 0 ? (
            <CloudUpload size={22} aria-hidden="true" className="muted" />
          ) : (
            <CircleCheck size={22} aria-hidden="true" className="ok" />
          )}
          <div className="stack">
            <p className="sync-headline">
              {failed.length > 0
                ? plural('sync.needYou', failed.length)
                : waiting.length > 0
                  ? unreachable
                    ? plural('sync.waitingUnreachable', waiting.length)
                    : plural('sync.sending', waiting.length)
                  : t('syncCentre.everythingIsSavedOn')}
            </p>
            <p className="muted">
              {failed.length > 0
                ? t('syncCentre.nothingIsLostFix')
                : waiting.length > 0
                  ? unreachable
                    ? t('syncCentre.theyAreKeptIn')
                    : t('syncCentre.theyGoOutAt')
                  : t('syncCentre.changesYouMakeHere')}
            </p>
          </div>
        </div>
      ) : null}
      <MirrorProgress />
      <LikelyCopies />
      {failed.length > 0 ? (
        <ChangeList title={t('syncCentre.needsYourAttention')} entries={failed} onDone={kick} />
      ) : null}
      {waiting.length > 0 ? <ChangeList title={t('syncCentre.onTheirWay')} entries={waiting} onDone={kick} /> : null}
      <details className="card sync-details">
        <summary>{t('banner.details')}</summary>
        <SyncStatus />
      </details>
    </section>
  );
}

function ChangeList({ title, entries, onDone }: { title: string; entries: OutboxEntry[]; onDone: () => void }) {
  return (
    <div className="stack">
      <h3 className="list-heading">{title}</h3>
      <ul className="stack" aria-label={title}>
        {entries.map((entry) => (
          <li key={entry.seq} className="card stack" data-testid="outbox-entry" data-state={entry.state}>
            <div className="row">
              <strong className="grow">{withAddresses(describeChange(entry))}</strong>
              <span className={`badge ${entry.state === 'failed' ? 'sync-failed' : 'sync-badge'}`}>
                {t(`sync.state.${stateOfEntry(entry)}`)}
              </span>
            </div>
            {entry.error ? (
              <p className={entry.state === 'failed' ? 'error' : 'muted'} data-testid="outbox-error">
                {storedErrorInWords(entry.error)}
              </p>
            ) : null}
            {entry.conflict?.length ? (
              <ConflictNotice entry={{ ...entry, conflict: entry.conflict }} />
            ) : entry.state === 'failed' ? (
              <FailedActions entry={entry} onDone={onDone} />
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * What a person can do with a refused change. A refusal that would come again unchanged (a taken
 * alias, a name already used) offers Edit first, with the refused field marked and the cursor in
 * it, and is sent again only once something in it changed; a temporary failure offers Retry.
 */
function FailedActions({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const db = database();
  const fields = editableFields(entry);
  const refused = entry.error ? ApiError.from(storedRefusal(entry.error)) : null;
  const temporary = refused?.retryable ?? true;
  const [editing, setEditing] = useState(false);
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
      onDone();
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
        onClick={() => void retryChange({ db }, entry.seq!).then(onDone)}
      >
        {t('syncCentre.retry')}
      </button>
    ) : null;

  return (
    <div className="stack">
      {!temporary && fields.length > 0 ? <p className="muted">{t('refusal.retryWontHelp')}</p> : null}
      <div className="row">
        {temporary ? retry : edit}
        {temporary ? edit : retry}
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
      {editing ? (
        <form id={formId} className="stack" noValidate onSubmit={(e) => void save(e)}>
          {fields.map((field) => (
            <Field key={field.name} label={field.label} error={problemAt(field.name)}>
              {(p) => (
                <input
                  {...p}
                  // biome-ignore lint/a11y/noAutofocus: the person pressed Edit to correct this very field.
                  autoFocus={field.name === (refusedField ?? fields[0]?.name)}
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
      ) : null}
    </div>
  );
}
