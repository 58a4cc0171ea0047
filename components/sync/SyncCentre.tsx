import { useLiveQuery } from 'dexie-react-hooks';
import { type FormEvent, useId, useState } from 'react';
import { isApiError } from '@/lib/api/errors';
import { database } from '@/lib/db/open';
import type { OutboxEntry } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { discardChange, editQueuedCreate, retryChange } from '@/lib/sync/actions';
import { describeChange, editableFields } from './describe-change';
import { LikelyCopies } from './LikelyCopies';
import { MirrorProgress } from './MirrorProgress';
import { SyncStatus } from './SyncStatus';

const STATE_LABEL: Record<OutboxEntry['state'], string> = {
  pending: 'Waiting',
  inflight: 'Sending',
  failed: 'Refused',
};

/** The outbox as a person sees it: what waits, what is being sent, what the service refused. */
export function SyncCentre() {
  const db = database();
  // No default: until IndexedDB has answered, saying "in sync" would be a claim nobody checked.
  const entries = useLiveQuery(() => db.outbox.orderBy('seq').toArray(), []);
  const kick = () => void sendRequest({ type: 'sync.kick' }).catch(() => undefined);
  return (
    <section className="stack" aria-labelledby="sync-heading">
      <div className="row">
        <h2 id="sync-heading">Sync centre</h2>
        <button type="button" onClick={() => void sendRequest({ type: 'sync.pull' })}>
          Sync now
        </button>
      </div>
      <MirrorProgress />
      <SyncStatus />
      <LikelyCopies />
      {entries?.length === 0 ? <p className="muted">Everything is in sync.</p> : null}
      <ul className="stack" aria-label="Queued changes">
        {(entries ?? []).map((entry) => (
          <li key={entry.seq} className="card stack" data-testid="outbox-entry" data-state={entry.state}>
            <div className="row">
              <strong>{describeChange(entry)}</strong>
              <span className={entry.state === 'failed' ? 'error' : 'muted'}>{STATE_LABEL[entry.state]}</span>
            </div>
            {entry.error ? (
              <p className={entry.state === 'failed' ? 'error' : 'muted'} data-testid="outbox-error">
                {entry.error.serverMessage ?? entry.error.message}
              </p>
            ) : null}
            {entry.state === 'failed' ? <FailedActions entry={entry} onDone={kick} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FailedActions({ entry, onDone }: { entry: OutboxEntry; onDone: () => void }) {
  const db = database();
  const fields = editableFields(entry);
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState(() => Object.fromEntries(fields.map((f) => [f.name, f.value])));
  const [error, setError] = useState<string | null>(null);
  const formId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    const changed = Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, v.trim() === '' ? undefined : v.trim()]),
    );
    try {
      await editQueuedCreate({ db }, entry.seq!, changed);
      setEditing(false);
      setError(null);
      onDone();
    } catch (e) {
      setError(isApiError(e) ? e.message : 'The change could not be saved.');
    }
  }

  return (
    <div className="stack">
      <div className="row">
        <button type="button" onClick={() => void retryChange({ db }, entry.seq!).then(onDone)}>
          Retry
        </button>
        {fields.length > 0 ? (
          <button
            type="button"
            className="secondary"
            aria-expanded={editing}
            aria-controls={formId}
            onClick={() => setEditing(!editing)}
          >
            Edit
          </button>
        ) : null}
        <button
          type="button"
          className="secondary"
          onClick={() => {
            if (window.confirm(`Discard this change? ${describeChange(entry)} will not reach the service.`))
              void discardChange({ db }, entry.seq!);
          }}
        >
          Discard
        </button>
      </div>
      {editing ? (
        <form id={formId} className="stack" onSubmit={(e) => void save(e)}>
          {fields.map((field) => (
            <label key={field.name} className="stack">
              {field.label}
              <input
                value={values[field.name] ?? ''}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              />
            </label>
          ))}
          {error ? (
            <p role="alert" className="error">
              {error}
            </p>
          ) : null}
          <div className="row">
            <button type="submit">Save and retry</button>
          </div>
        </form>
      ) : null}
    </div>
  );
}
