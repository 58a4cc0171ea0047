import type { HTMLInputTypeAttribute } from 'react';
import { Field } from '@/components/ui/Field';
import type { FieldErrors } from '@/lib/api/validate-input';

/**
 * One input of a QR type's form, bound to one key of its draft. Its message is looked up by the
 * path the schema reports (`data.email`; plain `data` when the whole payload is one string).
 */
export function QrDataField<D extends object>({
  label,
  name,
  draft,
  onChange,
  errors,
  type = 'text',
  multiline = false,
  autoComplete = 'off',
  hint,
}: {
  label: string;
  name: keyof D & string;
  draft: D;
  onChange: (next: D) => void;
  errors: FieldErrors;
  type?: HTMLInputTypeAttribute;
  multiline?: boolean;
  autoComplete?: string;
  hint?: string;
}) {
  const value = String(draft[name] ?? '');
  const set = (v: string) => onChange({ ...draft, [name]: v });
  return (
    <Field label={label} error={errors[`data.${name}`]} {...(hint ? { hint } : {})}>
      {(p) =>
        multiline ? (
          <textarea {...p} rows={3} value={value} onChange={(e) => set(e.target.value)} />
        ) : (
          <input {...p} type={type} autoComplete={autoComplete} value={value} onChange={(e) => set(e.target.value)} />
        )
      }
    </Field>
  );
}
