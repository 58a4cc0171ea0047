import { useLiveQuery } from 'dexie-react-hooks';
import { CircleAlert, CircleCheck, CloudUpload, RefreshCw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { plural } from '@/components/ui/format';
import { SectionHead } from '@/components/ui/SectionHead';
import { isApiError } from '@/lib/api/errors';
import { database } from '@/lib/db/open';
import type { OutboxEntry } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { discardChange, editQueuedCreate, retryChange } from '@/lib/sync/actions';
import { readReachability } from '@/lib/sync/reachability';
import { describeChange, editableFields } from './describe-change';
import { LikelyCopies } from './LikelyCopies';
import { MirrorProgress } from './MirrorProgress';
import { SyncStatus } from './SyncStatus';

const STATE_LABEL: Record<OutboxEntry['state'], string> = {
  pending: 'Waiting',
  inflight: 'Sending',
  failed: 'Not accepted',
};

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
      <SectionHead id="sync-heading" title="Sync">
        <button type="button" className="secondary" onClick={() => void sendRequest({ type: 'sync.pull' })}>
          <RefreshCw size={15} aria-hidden="true" /> Sync now
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
                ? `${plural(failed.length, 'change needs', 'changes need')} you: the service did not accept ${failed.length === 1 ? 'it' : 'them'}.`
                : waiting.length > 0
                  ? unreachable
                    ? `${plural(waiting.length, 'change')} waiting: the service can't be reached right now.`
                    : `Sending ${plural(waiting.length, 'change')}…`
                  : 'Everything is saved on the service.'}
            </p>
            <p className="muted">
              {failed.length > 0
                ? 'Nothing is lost: fix, retry or discard each one below.'
                : waiting.length > 0
                  ? unreachable
                    ? 'They are kept in this browser and sent as soon as it is back.'
                    : 'They go out at the pace the service allows.'
                  : 'Changes you make here are sent in the background, within what the service allows.'}
            </p>
          </div>
        </div>
      ) : null}
      <MirrorProgress />
      <LikelyCopies />
      {failed.length > 0 ? <ChangeList title="Needs your attention" entries={failed} onDone={kick} /> : null}
      {waiting.length > 0 ? <ChangeList title="On their way" entries={waiting} onDone={kick} /> : null}
      <details className="card sync-details">
        <summary>Details</summary>
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
              <strong className="grow">{describeChange(entry)}</strong>
              <span className={`badge ${entry.state === 'failed' ? 'sync-failed' : 'sync-badge'}`}>
                {STATE_LABEL[entry.state]}
              </span>
            </div>
            {entry.error ? (
              <p className={entry.state === 'failed' ? 'error' : 'muted'} data-testid="outbox-error">
                {entry.error.serverMessage ?? entry.error.message}
              </p>
            ) : null}
            {entry.state === 'failed' ? <FailedActions entry={entry} onDone={onDone} /> : null}
          </li>
        ))}
      </ul>
    </div>
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
          className="danger"
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
