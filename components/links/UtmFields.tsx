import { useEffect, useId, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { Address } from '@/components/ui/Address';
import { Field } from '@/components/ui/Field';
import { Save, Trash2 } from '@/components/ui/icons';
import { withElements } from '@/components/ui/with-elements';
import { fieldErrors } from '@/lib/api/validate-input';
import { raw, t } from '@/lib/browser/i18n';
import { problemsInWords } from '@/lib/browser/problems-in-words';
import { startingPreset } from '@/lib/links/page-link';
import { utmPresetsItem, withoutPreset, withPreset } from '@/lib/settings/utm-presets';
import { applyUtm, UTM_FIELDS, type Utm, type UtmField, utmInput, utmPresetInput } from '@/lib/utm/utm';

// Read when shown, not on import: the words come from the browser's catalogue.
const LABEL: Record<UtmField, () => { label: string; hint: string }> = {
  source: () => ({ label: t('utm.source'), hint: t('utm.sourceHint') }),
  medium: () => ({ label: t('utm.medium'), hint: t('utm.mediumHint') }),
  campaign: () => ({ label: t('utm.campaign'), hint: t('utm.campaignHint') }),
  term: () => ({ label: t('utm.term'), hint: t('utm.termHint') }),
  content: () => ({ label: t('utm.content'), hint: t('utm.contentHint') }),
};

/**
 * The UTM values of one link form, the preset they came from, and what the form needs of them:
 * the values checked with the same schema everywhere, and the preset remembered when the link is
 * made. The preset used last is preselected when the presets load.
 */
export function useUtm() {
  const presets = useStorageItem(utmPresetsItem);
  const [values, setValues] = useState<Utm>({});
  const [preset, setPreset] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [taken, setTaken] = useState(false);
  useEffect(() => {
    if (!presets.loaded || taken) return;
    setTaken(true);
    const last = startingPreset(presets.value);
    if (last) {
      setValues(last.utm);
      setPreset(last.name);
    }
  }, [presets.loaded, presets.value, taken]);

  return {
    values,
    preset,
    errors,
    presets: presets.value.presets,
    choose(name: string | null) {
      const chosen = presets.value.presets.find((p) => p.name === name);
      setPreset(chosen ? chosen.name : null);
      setValues(chosen ? chosen.utm : {});
      setErrors({});
    },
    set(field: UtmField, value: string) {
      setValues((v) => ({ ...v, [field]: value }));
      setErrors(({ [field]: _gone, ...rest }) => rest);
    },
    /** The checked values, or null with the problems shown at their fields. */
    parse(): Utm | null {
      const parsed = utmInput.safeParse(values);
      if (parsed.success) return parsed.data;
      setErrors(problemsInWords(fieldErrors(parsed.error)));
      return null;
    },
    /** With the click that makes a link: the preset it used is offered first next time (none: nothing is). */
    async remember() {
      await utmPresetsItem.setValue({ ...(await utmPresetsItem.getValue()), lastUsed: preset });
    },
    /** Saves the values under a name; false with the problems at their fields (the name's under "name"). */
    async save(name: string): Promise<boolean> {
      const parsed = utmPresetInput.safeParse({ name, utm: values });
      if (!parsed.success) {
        const problems = problemsInWords(fieldErrors(parsed.error));
        setErrors(Object.fromEntries(Object.entries(problems).map(([k, v]) => [k.replace(/^utm\./, ''), v])));
        return false;
      }
      await utmPresetsItem.setValue(withPreset(await utmPresetsItem.getValue(), parsed.data));
      setPreset(parsed.data.name);
      setErrors({});
      return true;
    },
    clearNameError() {
      setErrors(({ name: _gone, ...rest }) => rest);
    },
    async remove(name: string) {
      await utmPresetsItem.setValue(withoutPreset(await utmPresetsItem.getValue(), name));
      setPreset(null);
    },
  };
}

export type UtmModel = ReturnType<typeof useUtm>;

/** Preset choice, the five UTM fields, saving a preset, and the final long URL as it will be shortened. */
export function UtmFields({ utm, longUrl }: { utm: UtmModel; longUrl: string }) {
  const presetId = useId();
  const [name, setName] = useState('');
  const preview = applyUtm(longUrl, utm.values);
  return (
    <div className="stack utm" data-testid="utm">
      <div className="row">
        <label htmlFor={presetId}>{t('utm.preset')}</label>
        <select
          id={presetId}
          className="grow"
          value={utm.preset ?? ''}
          onChange={(e) => utm.choose(e.target.value || null)}
        >
          <option value="">{t('utm.noPreset')}</option>
          {utm.presets.map((p) => (
            <option key={p.name} value={p.name}>
              {p.name}
            </option>
          ))}
        </select>
        {utm.preset ? (
          <button
            type="button"
            className="ghost small icon-only"
            aria-label={t('utm.deletePresetLabel', { name: utm.preset })}
            title={t('utm.deletePreset')}
            onClick={() => void utm.remove(utm.preset!)}
          >
            <Trash2 size={15} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <div className="form-grid">
        {UTM_FIELDS.map((field) => (
          <Field key={field} label={LABEL[field]().label} error={utm.errors[field]} hint={LABEL[field]().hint}>
            {(p) => <input {...p} value={utm.values[field] ?? ''} onChange={(e) => utm.set(field, e.target.value)} />}
          </Field>
        ))}
      </div>
      <div className="row">
        <Field label={t('utm.saveAs')} error={utm.errors.name}>
          {(p) => (
            <input
              {...p}
              placeholder={t('utm.saveAsPlaceholder')}
              value={name}
              onChange={(e) => {
                setName(e.target.value);
                utm.clearNameError();
              }}
            />
          )}
        </Field>
        <button
          type="button"
          className="secondary small save-preset"
          onClick={() => void utm.save(name).then((saved) => saved && setName(''))}
        >
          <Save size={14} aria-hidden="true" /> {t('utm.save')}
        </button>
      </div>
      {longUrl ? (
        <p className="muted small-text utm-preview" data-testid="utm-preview">
          {withElements(raw('utm.preview'), { url: <Address>{preview}</Address> })}
        </p>
      ) : null}
    </div>
  );
}
