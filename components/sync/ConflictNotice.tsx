import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { CircleAlert } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { FieldConflict, OutboxEntry } from '@/lib/db/schema';
import { sendRequest } from '@/lib/messages/send';
import { settleConflict } from '@/lib/sync/actions';

/** A value as a person reads it: yes/no, "(empty)", or the text itself. */
function shown(value: unknown): string {
  if (typeof value === 'boolean') return value ? t('conflict.yes') : t('conflict.no');
  if (value === null || value === undefined || value === '') return t('conflict.empty');
  return Array.isArray(value) || typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The field's name in the person's language; one the catalogue lacks is shown as the API names it. */
function fieldName(field: string): string {
  const key = `conflict.field.${field}` as Parameters<typeof t>[0];
  const words = t(key);
  return words && words !== key ? words : field;
}

/**
 * A change of the person's that met another writer's (lib/sync/rebase.ts), shown where its record
 * is: both values of each field, and the choice. Nothing is sent until the person chooses.
 */
export function ConflictNotice({ entry }: { entry: OutboxEntry & { conflict: FieldConflict[] } }) {
  const db = database();
  const [busy, setBusy] = useState(false);
  const deleting = entry.op === 'delete';
  const settle = async (keep: 'mine' | 'theirs') => {
    setBusy(true);
    try {
      await settleConflict({ db }, entry.seq!, keep);
      void sendRequest({ type: 'sync.kick' }).catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="conflict-notice stack" aria-labelledby={`conflict-${entry.seq}`} data-testid="conflict">
      <h4 className="row" id={`conflict-${entry.seq}`}>
        <CircleAlert size={18} aria-hidden="true" className="error" />
        {t('conflict.heading')}
      </h4>
      <p className="small-text">{deleting ? t('conflict.explainDelete') : t('conflict.explainUpdate')}</p>
      <ul className="stack">
        {entry.conflict.map((c) => (
          <li key={c.field} className="conflict-field" data-field={c.field}>
            <strong className="small-text" data-testid="conflict-field">
              {fieldName(c.field)}
            </strong>
            <dl className="facts small-text">
              <dt>{deleting ? t('conflict.whenDeleted') : t('conflict.yours')}</dt>
              <dd className="conflict-value" dir="auto" data-testid="conflict-mine">
                {shown(c.mine)}
              </dd>
              <dt>{t('conflict.theirs')}</dt>
              <dd className="conflict-value" dir="auto" data-testid="conflict-theirs">
                {shown(c.theirs)}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
      <div className="row wrap">
        <button type="button" className="primary" disabled={busy} onClick={() => void settle('mine')}>
          {deleting ? t('conflict.deleteAnyway') : t('conflict.keepMine')}
        </button>
        <button type="button" className="secondary" disabled={busy} onClick={() => void settle('theirs')}>
          {deleting ? t('conflict.keepIt') : t('conflict.keepTheirs')}
        </button>
      </div>
    </section>
  );
}

/** Every held conflict of one record, read live from the queue. */
export function RecordConflicts({ recordKey }: { recordKey: string }) {
  const db = database();
  const held = useLiveQuery(
    () =>
      db.outbox
        .where('key')
        .equals(recordKey)
        .filter((e) => e.conflict !== undefined && e.conflict.length > 0)
        .toArray(),
    [recordKey],
  );
  return (
    <>
      {(held ?? []).map((entry) => (
        <ConflictNotice key={entry.seq} entry={entry as OutboxEntry & { conflict: FieldConflict[] }} />
      ))}
    </>
  );
}
