import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createDomainInput } from '@/lib/api/inputs/domains';
import { database } from '@/lib/db/open';
import { createDomain, deleteDomain } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { DomainRedirectsForm } from './DomainRedirectsForm';

/** Branded domains: list, add (with the scheme), delete. */
export function DomainsPage() {
  const db = database();
  const domains = useLiveQuery(() => db.domains.orderBy('domain').toArray(), [], []);
  const form = useZodForm(createDomainInput, { domain: '', redirectroot: '', redirect404: '' });
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="domains-heading">
      <h2 id="domains-heading">Branded domains</h2>
      <form
        className="stack"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit(
            async (input) => {
              await createDomain({ db }, input);
              kickSync();
            },
            { resetTo: { domain: '', redirectroot: '', redirect404: '' } },
          );
        }}
      >
        <Field label="Domain" error={form.errors.domain} hint="With the scheme, e.g. https://go.example.com">
          {(p) => (
            <input {...p} value={String(form.values.domain)} onChange={(e) => form.set('domain', e.target.value)} />
          )}
        </Field>
        <Field label="Root redirect" error={form.errors.redirectroot}>
          {(p) => (
            <input
              {...p}
              value={String(form.values.redirectroot)}
              onChange={(e) => form.set('redirectroot', e.target.value)}
            />
          )}
        </Field>
        <Field label="404 redirect" error={form.errors.redirect404}>
          {(p) => (
            <input
              {...p}
              value={String(form.values.redirect404)}
              onChange={(e) => form.set('redirect404', e.target.value)}
            />
          )}
        </Field>
        <div className="row">
          <button type="submit" disabled={form.busy}>
            Add domain
          </button>
        </div>
      </form>
      <ul className="stack" aria-label="Branded domains">
        {domains.map((d) => (
          <li key={d.key} className="card stack" data-testid="domain-row">
            <div className="row">
              <strong>{d.domain}</strong>
              <SyncBadge state={d.sync} />
              <span className="muted">
                {d.redirectroot ? `root → ${d.redirectroot}` : 'no root redirect'} ·{' '}
                {d.redirect404 ? `404 → ${d.redirect404}` : 'no 404 redirect'}
              </span>
              <button
                type="button"
                className="secondary"
                aria-expanded={editing === d.key}
                onClick={() => setEditing(editing === d.key ? null : d.key)}
              >
                Edit {d.domain}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  if (window.confirm(`Delete ${d.domain}?`)) void deleteDomain({ db }, d.key).then(kickSync);
                }}
              >
                Delete {d.domain}
              </button>
            </div>
            {editing === d.key ? <DomainRedirectsForm domain={d} onDone={() => setEditing(null)} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
