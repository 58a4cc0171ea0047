import { type FormEvent, useState } from 'react';
import { clearIfStill } from '@/components/ui/clear-if-still';
import { Field } from '@/components/ui/Field';
import { updateAccountInput } from '@/lib/api/inputs/account';
import { type FieldErrors, fieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { update } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

// Functions, not constants: the words are read from the catalogue when the form is shown.
const TEXT = {
  email: () => ({
    title: t('account.changeEmail'),
    label: t('account.newEmail'),
    confirm: t('account.confirmEmail'),
    type: 'email',
    autoComplete: 'email',
    differ: t('account.emailsDiffer'),
  }),
  password: () => ({
    title: t('account.changePassword'),
    label: t('account.newPassword'),
    confirm: t('account.confirmPassword'),
    type: 'password',
    autoComplete: 'new-password',
    differ: t('account.passwordsDiffer'),
  }),
} as const;

/**
 * One account change, typed twice: a typo in either would lock the person out of the service's
 * website. The rules are the API layer's own (updateAccountInput); nothing is queued unless both
 * fields agree. A password is never shown: password fields only, cleared once it is queued.
 */
export function ConfirmedChangeForm({ kind, currentEmail }: { kind: 'email' | 'password'; currentEmail: string }) {
  const text = TEXT[kind]();
  const [value, setValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);

  function problems(): { errors: FieldErrors; input: { email: string } | { password: string } | null } {
    // E-mail addresses are trimmed; a password is taken exactly as typed.
    const typed = kind === 'email' ? value.trim() : value;
    const parsed = updateAccountInput.safeParse({ [kind]: typed });
    const found: FieldErrors = {};
    if (!parsed.success) {
      const messages = problemsInWords(fieldErrors(parsed.error));
      found.value = messages[kind] ?? messages._ ?? t('account.checkField');
    } else if (kind === 'email' && typed.toLowerCase() === currentEmail.toLowerCase())
      found.value = t('account.sameEmail');
    if ((kind === 'email' ? confirm.trim() : confirm) !== typed) found.confirm = text.differ;
    return {
      errors: found,
      input: Object.keys(found).length === 0 ? (kind === 'email' ? { email: typed } : { password: typed }) : null,
    };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const checked = problems();
    setErrors(checked.errors);
    if (!checked.input) return;
    const [sentValue, sentConfirm] = [value, confirm];
    try {
      await update({ db: database() }, 'account', 'me', checked.input);
      kickSync();
      setValue(clearIfStill(sentValue));
      setConfirm(clearIfStill(sentConfirm));
      setDone(true);
    } catch (error) {
      setErrors({
        value: errorBesideField(error, t('account.notSaved')),
      });
    }
  }

  const edit = (set: (v: string) => void, field: 'value' | 'confirm') => (e: { target: { value: string } }) => {
    set(e.target.value);
    setDone(false);
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  return (
    <form className="stack card" aria-label={text.title} noValidate onSubmit={(e) => void submit(e)}>
      <h3 className="account-subheading">{text.title}</h3>
      <Field
        label={text.label}
        error={errors.value}
        {...(kind === 'password' ? { hint: t('account.passwordHint') } : {})}
      >
        {(p) => (
          <input
            {...p}
            type={text.type}
            autoComplete={text.autoComplete}
            value={value}
            onChange={edit(setValue, 'value')}
          />
        )}
      </Field>
      <Field label={text.confirm} error={errors.confirm}>
        {(p) => (
          <input
            {...p}
            type={text.type}
            autoComplete={text.autoComplete}
            value={confirm}
            onChange={edit(setConfirm, 'confirm')}
          />
        )}
      </Field>
      <div className="row">
        <button type="submit">{text.title}</button>
        <span role="status" className="ok">
          {done ? t('confirmedChangeForm.savedHereItIs') : ''}
        </span>
      </div>
    </form>
  );
}
