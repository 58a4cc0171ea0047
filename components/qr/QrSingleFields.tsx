import { Field } from '@/components/ui/Field';
import type { FieldErrors } from '@/lib/api/validate-input';

const SINGLE = {
  text: { label: 'Text', hint: 'Up to 2000 characters.' },
  link: { label: 'URL', hint: 'A full address, starting with https:// or http://.' },
  phone: { label: 'Phone number', hint: 'Digits, optionally with +, spaces, dashes or parentheses.' },
} as const;

/** Text, link and phone codes carry one string as `data`, so their message is under the path `data`. */
export function QrSingleFields({
  type,
  value,
  onChange,
  errors,
}: {
  type: keyof typeof SINGLE;
  value: string;
  onChange: (next: string) => void;
  errors: FieldErrors;
}) {
  const { label, hint } = SINGLE[type];
  return (
    <Field label={label} error={errors.data} hint={hint}>
      {(p) =>
        type === 'text' ? (
          <textarea {...p} rows={3} maxLength={2000} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input
            {...p}
            type={type === 'link' ? 'url' : 'tel'}
            autoComplete="off"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </Field>
  );
}
