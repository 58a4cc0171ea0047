import { Field } from '@/components/ui/Field';
import type { FieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';

// Read when shown: the words come from the catalogue.
const SINGLE = {
  text: () => ({ label: t('qr.single.text'), hint: t('qr.single.textHint') }),
  link: () => ({ label: t('qr.single.link'), hint: t('qr.single.linkHint') }),
  phone: () => ({ label: t('qr.single.phone'), hint: t('qr.single.phoneHint') }),
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
  const { label, hint } = SINGLE[type]();
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
