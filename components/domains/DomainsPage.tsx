import { useLiveQuery } from 'dexie-react-hooks';
import { Globe, Plus } from 'lucide-react';
import { useState } from 'react';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { displayUrl } from '@/components/ui/format';
import { SectionHead } from '@/components/ui/SectionHead';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createDomainInput } from '@/lib/api/inputs/domains';
import { database } from '@/lib/db/open';
import type { DomainRow } from '@/lib/db/schema';
import { createDomain, deleteRecord } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { DomainRedirectsForm } from './DomainRedirectsForm';

/** Branded domains: the list first; add one and edit its redirects in a dialog; delete. */
export function DomainsPage() {
  const db = database();
  const domains = useLiveQuery(() => db.domains.orderBy('domain').toArray(), [], undefined);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<DomainRow | null>(null);
  const addDomain = (
    <button type="button" onClick={() => setAdding(true)}>
      <Plus size={16} aria-hidden="true" /> Add domain
    </button>
  );
  return (
    <section className="stack-lg" aria-labelledby="domains-heading">
      <SectionHead id="domains-heading" title="Branded domains">
        {addDomain}
      </SectionHead>
      <p className="muted">Short links on your own domain. Point the domain at the service first, then add it here.</p>
      {domains && domains.length === 0 ? (
        <EmptyState icon={Globe} title="No branded domains yet" action={addDomain}>
          With a domain of your own, links read go.yourbrand.com/offer instead of the service's address.
        </EmptyState>
      ) : null}
      {domains && domains.length > 0 ? (
        <table className="data-table" aria-label="Branded domains">
          <thead>
            <tr>
              <th scope="col">Domain</th>
              <th scope="col">Its root goes to</th>
              <th scope="col">Unknown paths go to</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {domains.map((d) => (
              <tr key={d.key} data-testid="domain-row">
                <td>
                  <strong>{displayUrl(d.domain)}</strong> <SyncBadge state={d.sync} />
                </td>
                <td className="muted">{d.redirectroot ? displayUrl(d.redirectroot) : 'No redirect'}</td>
                <td className="muted">{d.redirect404 ? displayUrl(d.redirect404) : 'No redirect'}</td>
                <td>
                  <div className="actions end">
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={`Edit ${d.domain}`}
                      onClick={() => setEditing(d)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="danger small"
                      aria-label={`Delete ${d.domain}`}
                      onClick={() => {
                        if (window.confirm(`Delete ${d.domain}? Its short links stop working on it.`))
                          void deleteRecord({ db }, 'domain', d.key).then(kickSync);
                      }}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {adding ? (
        <Dialog title="Add a branded domain" onClose={() => setAdding(false)}>
          <NewDomainForm onDone={() => setAdding(false)} />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog title={`Redirects of ${displayUrl(editing.domain)}`} onClose={() => setEditing(null)}>
          <DomainRedirectsForm domain={editing} onDone={() => setEditing(null)} />
        </Dialog>
      ) : null}
    </section>
  );
}

function NewDomainForm({ onDone }: { onDone: () => void }) {
  const db = database();
  const form = useZodForm(createDomainInput, { domain: '', redirectroot: '', redirect404: '' });
  const text = (name: 'domain' | 'redirectroot' | 'redirect404', label: string, hint: string) => (
    <Field label={label} error={form.errors[name]} hint={hint}>
      {(p) => <input {...p} value={String(form.values[name])} onChange={(e) => form.set(name, e.target.value)} />}
    </Field>
  );
  return (
    <form
      className="stack-lg"
      noValidate
      aria-label="Add a branded domain"
      onSubmit={(e) => {
        e.preventDefault();
        void form
          .submit(async (input) => {
            await createDomain({ db }, input);
            kickSync();
          })
          .then((saved) => saved && onDone());
      }}
    >
      {text('domain', 'Domain', 'With the scheme, e.g. https://go.example.com')}
      {text('redirectroot', 'Root redirect', 'Optional: where go.example.com itself leads.')}
      {text('redirect404', '404 redirect', 'Optional: where an unknown short path leads.')}
      {form.errors._ ? (
        <p role="alert" className="error">
          {form.errors._}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={form.busy}>
          Add domain
        </button>
      </div>
    </form>
  );
}
