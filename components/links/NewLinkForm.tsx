import { useEffect, useRef, useState } from 'react';
import { useDefaultDomainLabel } from '@/components/hooks/useDefaultDomain';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { Field } from '@/components/ui/Field';
import { pickerToServiceDatetime } from '@/components/ui/format';
import type { KeyedLink, LinkForm } from '@/lib/api/inputs/links';
import { t } from '@/lib/browser/i18n';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { applyUtm } from '@/lib/utm/utm';
import { ExistingLinkHint } from './ExistingLinkHint';
import { useLinkFormModel } from './link-form-model';
import { TargetList } from './TargetList';
import { UtmFields, useUtm } from './UtmFields';

const TEXT_FIELDS = ['url', 'custom', 'password', 'metatitle', 'metadescription', 'metaimage', 'description'] as const;
type Text = (typeof TEXT_FIELDS)[number];

const empty = () => ({
  text: Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<Text, string>,
  type: 'direct',
  domain: '',
  status: 'private' as 'private' | 'public',
  channelKey: '',
  campaignKey: '',
  pixels: '',
  geo: [] as KeyedLink[],
  device: [] as KeyedLink[],
  language: [] as KeyedLink[],
  parameters: [] as KeyedLink[],
  apple: '',
  google: '',
  auto: false,
  /** The date-time picker's value, in the person's own time zone; sent as the service's UTC datetime. */
  expiryPicker: '',
});

/** An empty form that starts from the defaults for new links, as the popup's does. */
const fromDefaults = (d: LinkDefaults) => ({
  ...empty(),
  type: d.type,
  domain: d.domain,
  status: d.status,
  channelKey: d.channelKey ?? '',
  campaignKey: d.campaignKey ?? '',
});

/**
 * Every field the API offers for a new short link, validated with the client's own schema. It
 * starts from the defaults for new links (Settings) and the UTM preset used last, as the popup does.
 */
export function NewLinkForm({ onCreated }: { onCreated: (key: string) => void }) {
  const model = useLinkFormModel();
  const defaultDomain = useDefaultDomainLabel();
  const { errors } = model;
  const defaults = useStorageItem(linkDefaultsItem);
  const [form, setForm] = useState(empty);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored defaults are taken once, when they load; later they must not overwrite what the person chose.
  useEffect(() => {
    if (defaults.loaded) setForm((f) => ({ ...fromDefaults(defaults.value), text: f.text }));
  }, [defaults.loaded]);
  const utm = useUtm();
  const setText = (name: Text, value: string) => {
    setForm((f) => ({ ...f, text: { ...f.text, [name]: value } }));
    model.clearError(name);
  };
  /** A change of one field, which takes that field's error with it (`field` names it as errors do). */
  const change = (patch: Partial<ReturnType<typeof empty>>, field: string) => {
    setForm((f) => ({ ...f, ...patch }));
    model.clearError(field);
  };
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);

  // The form is taller than its dialog: after a refused save, take the person to the first field
  // that says why (the button they pressed is at the bottom, the long URL at the top).
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refused = () => setRefusals((n) => n + 1);

  async function submit() {
    const tracking = utm.parse();
    if (tracking === null) return refused();
    const { text, apple, google, auto, channelKey, campaignKey, expiryPicker, ...lists } = form;
    const values: LinkForm = {
      ...text,
      url: applyUtm(text.url.trim(), tracking),
      ...lists,
      expiry: pickerToServiceDatetime(expiryPicker),
      deeplink: { apple, google, auto },
    };
    setBusy(true);
    const made = await model.save(values, { channelKey: channelKey || null, campaignKey: campaignKey || null });
    setBusy(false);
    if (made === null) return refused();
    await utm.remember();
    setForm(fromDefaults(defaults.value));
    onCreated(made.key);
  }

  const text = (name: Text, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]}>
      {(p) => <input {...p} {...props} value={form.text[name]} onChange={(e) => setText(name, e.target.value)} />}
    </Field>
  );
  return (
    <form
      ref={formRef}
      className="stack"
      noValidate
      aria-label={t('linkTablePage.newShortLink')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {text('url', t('newLink.longUrl'), { type: 'url', placeholder: 'https://example.com/page' })}
      <ExistingLinkHint url={form.text.url} />
      <div className="form-grid">
        {text('custom', t('link.customAlias'))}
        <Field label={t('link.domain')} error={errors.domain}>
          {(p) => (
            <select {...p} value={form.domain} onChange={(e) => change({ domain: e.target.value }, 'domain')}>
              <option value="">{defaultDomain}</option>
              {model.domainOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('newLinkForm.redirectType')} error={errors.type}>
          {(p) => (
            <select {...p} value={form.type} onChange={(e) => change({ type: e.target.value }, 'type')}>
              {model.redirectOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('newLinkForm.status')} error={errors.status}>
          {(p) => (
            <select
              {...p}
              value={form.status}
              onChange={(e) => change({ status: e.target.value as 'public' | 'private' }, 'status')}
            >
              <option value="private">{t('link.private')}</option>
              <option value="public">{t('link.public')}</option>
            </select>
          )}
        </Field>
        <Field label={t('link.channel')}>
          {(p) => (
            <select {...p} value={form.channelKey} onChange={(e) => change({ channelKey: e.target.value }, 'channel')}>
              <option value="">{t('link.noChannel')}</option>
              {model.channelOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('link.campaign')}>
          {(p) => (
            <select
              {...p}
              value={form.campaignKey}
              onChange={(e) => change({ campaignKey: e.target.value }, 'campaign')}
            >
              <option value="">{t('link.noCampaign')}</option>
              {model.campaignOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <fieldset className="stack">
        <legend>{t('link.groupUtm')}</legend>
        <UtmFields utm={utm} longUrl={form.text.url.trim()} />
      </fieldset>
      <fieldset className="form-grid">
        <legend>{t('newLinkForm.protectionAndNote')}</legend>
        {text('password', t('link.password'), { type: 'password', autoComplete: 'new-password' })}
        <Field label={t('link.expires')} error={errors.expiry} hint={t('newLinkForm.emptyTheLinkNever')}>
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              value={form.expiryPicker}
              onChange={(e) => change({ expiryPicker: e.target.value }, 'expiry')}
            />
          )}
        </Field>
        {text('description', t('link.note'))}
      </fieldset>
      <fieldset className="form-grid">
        <legend>{t('newLinkForm.howItLooksWhen')}</legend>
        {text('metatitle', t('link.metaTitle'))}
        {text('metadescription', t('link.metaDescription'))}
        {text('metaimage', t('link.metaImage'))}
      </fieldset>
      <TargetList
        legend={t('newLinkForm.geoTargeting')}
        kind="country"
        rows={form.geo}
        errors={errors}
        path={{ list: 'geotarget', key: 'location', value: 'link' }}
        onChange={(geo) => change({ geo }, 'geotarget')}
      />
      <TargetList
        legend={t('newLinkForm.deviceTargeting')}
        kind="device"
        rows={form.device}
        errors={errors}
        path={{ list: 'devicetarget', key: 'device', value: 'link' }}
        onChange={(device) => change({ device }, 'devicetarget')}
      />
      <TargetList
        legend={t('newLinkForm.languageTargeting')}
        kind="language"
        rows={form.language}
        errors={errors}
        path={{ list: 'languagetarget', key: 'language', value: 'link' }}
        onChange={(language) => change({ language }, 'languagetarget')}
      />
      <TargetList
        legend={t('newLinkForm.urlParameters')}
        kind="parameter"
        rows={form.parameters}
        errors={errors}
        path={{ list: 'parameters', key: 'name', value: 'value' }}
        onChange={(parameters) => change({ parameters }, 'parameters')}
      />
      <fieldset className="form-grid">
        <legend>{t('newLinkForm.openInApps')}</legend>
        <Field label={t('newLinkForm.appStoreUrl')} error={errors['deeplink.apple']}>
          {(p) => (
            <input {...p} value={form.apple} onChange={(e) => change({ apple: e.target.value }, 'deeplink.apple')} />
          )}
        </Field>
        <Field label={t('newLinkForm.googlePlayUrl')} error={errors['deeplink.google']}>
          {(p) => (
            <input {...p} value={form.google} onChange={(e) => change({ google: e.target.value }, 'deeplink.google')} />
          )}
        </Field>
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={form.auto}
            onChange={(e) => change({ auto: e.target.checked }, 'deeplink.auto')}
          />
          {t('newLinkForm.deriveFromTheLong')}
        </label>
      </fieldset>
      <Field
        label={t('newLinkForm.trackingPixels')}
        hint={t('newLinkForm.theNumbersOfThe')}
        error={Object.entries(errors).find(([k]) => k.startsWith('pixels'))?.[1]}
      >
        {(p) => <input {...p} value={form.pixels} onChange={(e) => change({ pixels: e.target.value }, 'pixels')} />}
      </Field>
      {errors._ ? (
        <p role="alert" className="error">
          {errors._}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={busy}>
          {t('newLinkForm.createShortLink')}
        </button>
      </div>
    </form>
  );
}
