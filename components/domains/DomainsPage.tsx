import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { askFirst } from '@/components/state/confirm';
import { Address } from '@/components/ui/Address';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { displayUrl } from '@/components/ui/format';
import { Globe, Plus } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createDomainInput } from '@/lib/api/inputs/domains';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { DomainRow } from '@/lib/db/schema';
import { withHttps } from '@/lib/settings/bare-host';
import { create, remove } from '@/lib/sync/actions';
import { createAnswered } from '@/lib/sync/answer';
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
      <Plus size={16} aria-hidden="true" /> {t('domainsPage.addDomain')}
    </button>
  );
  return (
    <section className="stack-lg" aria-labelledby="domains-heading">
      <SectionHead id="domains-heading" title={t('domainsPage.brandedDomains')}>
        {addDomain}
      </SectionHead>
      <p className="muted">{t('domainsPage.shortLinksOnYour')}</p>
      {domains && domains.length === 0 ? (
        <EmptyState icon={Globe} title={t('domainsPage.noBrandedDomainsYet')} action={addDomain}>
          {t('domainsPage.withADomainOf')}
        </EmptyState>
      ) : null}
      {domains && domains.length > 0 ? (
        <table className="data-table" aria-label={t('domainsPage.brandedDomains')}>
          <thead>
            <tr>
              <th scope="col">{t('link.domain')}</th>
              <th scope="col">{t('domainsPage.itsRootGoesTo')}</th>
              <th scope="col">{t('domainsPage.unknownPathsGoTo')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('domainsPage.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {domains.map((d) => (
              <tr key={d.key} data-testid="domain-row">
                <td>
                  <strong dir="ltr">{displayUrl(d.domain)}</strong> <SyncBadge state={d.sync} />
                </td>
                <td className="muted">
                  {d.redirectroot ? <Address>{displayUrl(d.redirectroot)}</Address> : t('domainsPage.noRedirect')}
                </td>
                <td className="muted">
                  {d.redirect404 ? <Address>{displayUrl(d.redirect404)}</Address> : t('domainsPage.noRedirect')}
                </td>
                <td>
                  <div className="actions end">
                    <button
                      type="button"
                      className="secondary small"
                      aria-label={t('common.editItem', { name: d.domain })}
                      onClick={() => setEditing(d)}
                    >
                      {t('campaignSummary.edit')}
                    </button>
                    <button
                      type="button"
                      className="danger small"
                      aria-label={t('common.deleteItem', { name: d.domain })}
                      onClick={async () => {
                        const yes = await askFirst({
                          title: t('confirm.deleteDomain'),
                          consequence: t('domains.confirmDelete', { domain: d.domain }),
                          action: t('campaignSummary.delete'),
                        });
                        if (yes) void remove({ db }, 'domain', [d.key]).then(kickSync);
                      }}
                    >
                      {t('campaignSummary.delete')}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {adding ? (
        <Dialog title={t('domainsPage.addABrandedDomain')} onClose={() => setAdding(false)}>
          <NewDomainForm onDone={() => setAdding(false)} />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog
          title={t('domains.redirectsOf', { domain: displayUrl(editing.domain) })}
          onClose={() => setEditing(null)}
        >
          <DomainRedirectsForm domain={editing} onDone={() => setEditing(null)} />
        </Dialog>
      ) : null}
    </section>
  );
}

function NewDomainForm({ onDone }: { onDone: () => void }) {
  const db = database();
  const form = useZodForm(createDomainInput, { domain: '', redirectroot: '', redirect404: '' });
  // A host typed alone ("go.example.com") is taken with https:// in front, and the hint says so as it is typed.
  const typed = withHttps(String(form.values.domain));
  const text = (name: 'domain' | 'redirectroot' | 'redirect404', label: string, hint: string) => (
    <Field label={label} error={form.errors[name]} hint={hint}>
      {(p) => <input {...p} value={String(form.values[name])} onChange={(e) => form.set(name, e.target.value)} />}
    </Field>
  );
  return (
    <form
      className="stack-lg"
      noValidate
      aria-label={t('domainsPage.addABrandedDomain')}
      onSubmit={(e) => {
        e.preventDefault();
        void form
          .submit(
            async (input) => {
              await createAnswered(db, (ctx) => create(ctx, 'domain', input));
            },
            { prepare: (values) => ({ ...values, domain: typed.value }) },
          )
          .then((saved) => saved && onDone());
      }}
    >
      {text(
        'domain',
        t('domains.domain'),
        typed.added ? t('domains.httpsAdded', { url: typed.value }) : t('domains.domainHint'),
      )}
      {text('redirectroot', t('domains.root'), t('domains.rootHint'))}
      {text('redirect404', t('domains.notFound'), t('domains.notFoundHint'))}
      {form.errors._ ? (
        <p role="alert" className="error">
          {form.errors._}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" disabled={form.busy}>
          {t('domainsPage.addDomain')}
        </button>
      </div>
    </form>
  );
}
