import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { pickerToServiceDatetime } from '@/components/ui/format';
import type { KeyedLink, LinkForm } from '@/lib/api/inputs/links';
import { applyUtm } from '@/lib/utm/utm';
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

/** Every field the API offers for a new short link, validated with the client's own schema. */
export function NewLinkForm({ onCreated }: { onCreated: (key: string) => void }) {
  const model = useLinkFormModel();
  const { errors } = model;
  const [form, setForm] = useState(empty);
  const utm = useUtm();
  const setText = (name: Text, value: string) => setForm((f) => ({ ...f, text: { ...f.text, [name]: value } }));

  async function submit() {
    const tracking = utm.parse();
    if (tracking === null) return;
    const { text, apple, google, auto, channelKey, campaignKey, expiryPicker, ...lists } = form;
    const values: LinkForm = {
      ...text,
      url: applyUtm(text.url.trim(), tracking),
      ...lists,
      expiry: pickerToServiceDatetime(expiryPicker),
      deeplink: { apple, google, auto },
    };
    const key = await model.save(values, { channelKey: channelKey || null, campaignKey: campaignKey || null });
    if (key === null) return;
    await utm.remember();
    setForm(empty());
    onCreated(key);
  }

  const text = (name: Text, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]}>
      {(p) => <input {...p} {...props} value={form.text[name]} onChange={(e) => setText(name, e.target.value)} />}
    </Field>
  );
  return (
    <form
      className="stack"
      noValidate
      aria-label="New short link"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {text('url', 'Long URL', { type: 'url', placeholder: 'https://example.com/page' })}
      <div className="form-grid">
        {text('custom', 'Custom alias')}
        <Field label="Domain" error={errors.domain}>
          {(p) => (
            <select {...p} value={form.domain} onChange={(e) => setForm({ ...form, domain: e.target.value })}>
              <option value="">Default domain</option>
              {model.domainOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Redirect type" error={errors.type}>
          {(p) => (
            <select {...p} value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })}>
              {model.redirectOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status" error={errors.status}>
          {(p) => (
            <select
              {...p}
              value={form.status}
              onChange={(e) => setForm({ ...form, status: e.target.value as 'public' | 'private' })}
            >
              <option value="private">Private</option>
              <option value="public">Public</option>
            </select>
          )}
        </Field>
        <Field label="Channel">
          {(p) => (
            <select {...p} value={form.channelKey} onChange={(e) => setForm({ ...form, channelKey: e.target.value })}>
              <option value="">No channel</option>
              {model.channelOptions.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Campaign">
          {(p) => (
            <select {...p} value={form.campaignKey} onChange={(e) => setForm({ ...form, campaignKey: e.target.value })}>
              <option value="">No campaign</option>
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
        <legend>Campaign tracking (UTM)</legend>
        <UtmFields utm={utm} longUrl={form.text.url.trim()} />
      </fieldset>
      <fieldset className="form-grid">
        <legend>Protection and note</legend>
        {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
        <Field label="Expires" error={errors.expiry} hint="Empty: the link never expires.">
          {(p) => (
            <input
              {...p}
              type="datetime-local"
              value={form.expiryPicker}
              onChange={(e) => setForm({ ...form, expiryPicker: e.target.value })}
            />
          )}
        </Field>
        {text('description', 'Private note')}
      </fieldset>
      <fieldset className="form-grid">
        <legend>How it looks when shared</legend>
        {text('metatitle', 'Title in previews')}
        {text('metadescription', 'Description in previews')}
        {text('metaimage', 'Preview image (.png or .jpg URL)')}
      </fieldset>
      <TargetList
        legend="Geo targeting"
        keyLabel="Country"
        rows={form.geo}
        errors={errors}
        path={{ list: 'geotarget', key: 'location', value: 'link' }}
        onChange={(geo) => setForm({ ...form, geo })}
      />
      <TargetList
        legend="Device targeting"
        keyLabel="Device"
        rows={form.device}
        errors={errors}
        path={{ list: 'devicetarget', key: 'device', value: 'link' }}
        onChange={(device) => setForm({ ...form, device })}
      />
      <TargetList
        legend="Language targeting"
        keyLabel="Language"
        rows={form.language}
        errors={errors}
        path={{ list: 'languagetarget', key: 'language', value: 'link' }}
        onChange={(language) => setForm({ ...form, language })}
      />
      <TargetList
        legend="URL parameters"
        keyLabel="Parameter"
        valueLabel="Value"
        rows={form.parameters}
        errors={errors}
        path={{ list: 'parameters', key: 'name', value: 'value' }}
        onChange={(parameters) => setForm({ ...form, parameters })}
      />
      <fieldset className="form-grid">
        <legend>Open in apps</legend>
        <Field label="App Store URL" error={errors['deeplink.apple']}>
          {(p) => <input {...p} value={form.apple} onChange={(e) => setForm({ ...form, apple: e.target.value })} />}
        </Field>
        <Field label="Google Play URL" error={errors['deeplink.google']}>
          {(p) => <input {...p} value={form.google} onChange={(e) => setForm({ ...form, google: e.target.value })} />}
        </Field>
        <label className="checkbox-field">
          <input type="checkbox" checked={form.auto} onChange={(e) => setForm({ ...form, auto: e.target.checked })} />
          Derive from the long URL
        </label>
      </fieldset>
      <Field
        label="Tracking pixels"
        hint="The numbers of the pixels set up on your service, separated by commas (e.g. 3, 7)."
        error={Object.entries(errors).find(([k]) => k.startsWith('pixels'))?.[1]}
      >
        {(p) => <input {...p} value={form.pixels} onChange={(e) => setForm({ ...form, pixels: e.target.value })} />}
      </Field>
      {errors._ ? (
        <p role="alert" className="error">
          {errors._}
        </p>
      ) : null}
      <div className="row">
        <button type="submit">Create short link</button>
      </div>
    </form>
  );
}
