import { Field } from '@/components/ui/Field';
import { useZodForm } from '@/components/ui/useZodForm';
import { updateDomainInput } from '@/lib/api/inputs/domains';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { DomainRow } from '@/lib/db/schema';
import { update } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

/** The two things of a branded domain that can change: where its root and unknown paths go. */
export function DomainRedirectsForm({ domain, onDone }: { domain: DomainRow; onDone: () => void }) {
  const form = useZodForm(updateDomainInput, { redirectroot: domain.redirectroot, redirect404: domain.redirect404 });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (input) => {
          await update({ db: database() }, 'domain', domain.key, input);
          kickSync();
          onDone();
        });
      }}
    >
      <Field label={t('domains.rootOf', { domain: domain.domain })} error={form.errors.redirectroot}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.redirectroot ?? '')}
            onChange={(e) => form.set('redirectroot', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('domains.notFoundOf', { domain: domain.domain })} error={form.errors.redirect404}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.redirect404 ?? '')}
            onChange={(e) => form.set('redirect404', e.target.value)}
          />
        )}
      </Field>
      {form.errors._ ? (
        <p role="alert" className="error">
          {form.errors._}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={form.busy}>
          {t('domainRedirectsForm.saveRedirects')}
        </button>
      </div>
    </form>
  );
}
