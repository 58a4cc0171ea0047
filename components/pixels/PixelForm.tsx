import { networkName } from '@/components/pixels/network-name';
import { Field } from '@/components/ui/Field';
import { useZodForm } from '@/components/ui/useZodForm';
import { type CreatePixelInput, createPixelInput } from '@/lib/api/inputs/pixels';
import { PIXEL_TYPES } from '@/lib/api/schemas/pixels';
import { t } from '@/lib/browser/i18n';
import type { PixelRow } from '@/lib/db/schema';

/**
 * A pixel's network, name and ID, checked as a new pixel is (lib/api/inputs/pixels.ts); opened with
 * a pixel's values to edit it. `onSave` is given the whole of it; a failure is shown at its field.
 */
export function PixelForm({
  initial,
  onSave,
}: {
  initial?: Pick<PixelRow, 'type' | 'name' | 'tag'>;
  onSave: (input: CreatePixelInput) => Promise<void>;
}) {
  const form = useZodForm(createPixelInput, {
    type: initial?.type ?? 'facebook',
    name: initial?.name ?? '',
    tag: initial?.tag ?? '',
  });
  const text = (name: 'name' | 'tag') => (p: { id: string; 'aria-invalid': boolean }) => (
    <input {...p} value={String(form.values[name])} onChange={(e) => form.set(name, e.target.value)} />
  );
  return (
    <form
      className="stack"
      noValidate
      data-testid="pixel-form"
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(onSave);
      }}
    >
      <Field label={t('pixelsPage.network')} error={form.errors.type}>
        {(p) => (
          <select {...p} value={String(form.values.type)} onChange={(e) => form.set('type', e.target.value)}>
            {/* A type this service's list does not know stays choosable as it is. */}
            {[...new Set([...PIXEL_TYPES, String(form.values.type)])].map((type) => (
              <option key={type} value={type}>
                {networkName(type)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('pixelsPage.name')} error={form.errors.name} hint={t('pixelsPage.nameHint')}>
        {text('name')}
      </Field>
      <Field label={t('pixelsPage.tag')} error={form.errors.tag} hint={t('pixelsPage.tagHint')}>
        {text('tag')}
      </Field>
      {initial ? <p className="muted small-text">{t('pixelsPage.keepsLinks')}</p> : null}
      {form.errors._ ? (
        <p className="error" role="alert">
          {form.errors._}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={form.busy}>
          {initial ? t('pixelsPage.save') : t('pixelsPage.add')}
        </button>
      </div>
    </form>
  );
}
