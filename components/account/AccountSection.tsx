import { useLiveQuery } from 'dexie-react-hooks';
import { useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/Field';
import { isApiError } from '@/lib/api/errors';
import { messageForField } from '@/lib/api/validate-input';
import { database } from '@/lib/db/open';
import { updateAccount } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { AccountSummary } from './AccountSummary';

/** The account as the service reports it, and changing the e-mail address or the password. */
export function AccountSection() {
  const account = useLiveQuery(() => database().account.get('me'));
  return (
    <section className="stack" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      {account ? (
        <div className="card stack">
          <AccountSummary account={account} />
          <dl className="facts">
            <dt>Plan</dt>
            <dd>{account.status || 'not stated'}</dd>
            <dt>Plan expires</dt>
            <dd>{account.expires ?? 'not stated'}</dd>
            <dt>Member since</dt>
            <dd>{account.registered ?? 'not stated'}</dd>
          </dl>
          {account.pendingEmail ? (
            <p className="muted" data-testid="pending-email">
              Changing the e-mail address to {account.pendingEmail}: waiting to sync.
            </p>
          ) : null}
        </div>
      ) : (
        <p className="muted">The account appears once Linkpilot is connected.</p>
      )}
      <ChangeForm kind="email" />
      <ChangeForm kind="password" />
    </section>
  );
}

/** One change at a time, typed twice, so a typo cannot lock anyone out. */
function ChangeForm({ kind }: { kind: 'email' | 'password' }) {
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const label = kind === 'email' ? 'New e-mail address' : 'New password';
  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    if (value !== confirm) return setErrors({ confirm: kind === 'email' ? 'The two e-mail addresses differ.' : 'The two passwords differ.' });
    try {
      await updateAccount({ db: database() }, { [kind]: value.trim() === '' ? undefined : kind === 'email' ? value.trim() : value });
      kickSync();
      setValue('');
      setConfirm('');
      setErrors({});
      setDone(true);
    } catch (error) {
      const field = isApiError(error) ? error.field : null;
      setErrors({ value: isApiError(error) ? messageForField(error.message, field) : 'The change could not be saved.' });
    }
  }
  const type = kind === 'email' ? 'email' : 'password';
  return (
    <form className="stack" noValidate onSubmit={(e) => void submit(e)} aria-label={kind === 'email' ? 'Change e-mail address' : 'Change password'}>
      <h3>{kind === 'email' ? 'Change e-mail address' : 'Change password'}</h3>
      <Field label={label} error={errors.value}>
        {(p) => <input {...p} type={type} autoComplete={kind === 'email' ? 'email' : 'new-password'} value={value} onChange={(e) => setValue(e.target.value)} />}
      </Field>
      <Field label={`Confirm ${label.toLowerCase()}`} error={errors.confirm}>
        {(p) => <input {...p} type={type} autoComplete={kind === 'email' ? 'email' : 'new-password'} value={confirm} onChange={(e) => setConfirm(e.target.value)} />}
      </Field>
      <div className="row">
        <button type="submit">{kind === 'email' ? 'Change e-mail address' : 'Change password'}</button>
        <span role="status" className="ok">
          {done ? 'Saved; it will be sent to the service.' : ''}
        </span>
      </div>
    </form>
  );
}
