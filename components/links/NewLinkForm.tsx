import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Field } from '@/components/ui/Field';
import { isApiError } from '@/lib/api/errors';
import { createLinkInput, expiryProblem } from '@/lib/api/inputs/links';
import { type FieldErrors, fieldErrors, messageForField } from '@/lib/api/validate-input';
import { database } from '@/lib/db/open';
import { createLink } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { TargetList, type TargetRow } from './TargetList';

const schema = createLinkInput.omit({ channel: true, campaign: true });
const TEXT_FIELDS = [
  'url',
  'custom',
  'password',
  'expiry',
  'metatitle',
  'metadescription',
  'metaimage',
  'description',
] as const;
type Text = (typeof TEXT_FIELDS)[number];

const empty = () => ({
  text: Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<Text, string>,
  type: 'direct',
  domain: '',
  status: 'private' as 'private' | 'public',
  channelKey: '',
  campaignKey: '',
  pixels: '',
  geo: [] as TargetRow[],
  device: [] as TargetRow[],
  language: [] as TargetRow[],
  parameters: [] as TargetRow[],
  apple: '',
  google: '',
  auto: false,
});

/** Every field the API offers for a new short link, validated with the client's own schema. */
export function NewLinkForm({ onCreated }: { onCreated: (key: string) => void }) {
  const db = database();
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const splash = useLiveQuery(() => db.splashPages.toArray(), [], []);
  const overlays = useLiveQuery(() => db.overlays.toArray(), [], []);
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const setText = (name: Text, value: string) => setForm((f) => ({ ...f, text: { ...f.text, [name]: value } }));

  function input(): Record<string, unknown> {
    const out: Record<string, unknown> = Object.fromEntries(
      Object.entries(form.text).filter(([, v]) => v.trim() !== ''),
    );
    if (form.type !== 'direct') out.type = form.type;
    if (form.domain) out.domain = form.domain;
    out.status = form.status;
    const pairs = (rows: TargetRow[], key: string, value = 'link') =>
      rows.map((r) => ({ [key]: r.key, [value]: r.link }));
    if (form.geo.length) out.geotarget = pairs(form.geo, 'location');
    if (form.device.length) out.devicetarget = pairs(form.device, 'device');
    if (form.language.length) out.languagetarget = pairs(form.language, 'language');
    if (form.parameters.length) out.parameters = pairs(form.parameters, 'name', 'value');
    if (form.pixels.trim())
      out.pixels = form.pixels.split(',').map((p) => (/^\s*\d+\s*$/.test(p) ? Number(p) : p.trim()));
    if (form.apple || form.google || form.auto)
      out.deeplink = {
        ...(form.apple ? { apple: form.apple } : {}),
        ...(form.google ? { google: form.google } : {}),
        auto: form.auto,
      };
    return out;
  }

  async function submit() {
    const values = input();
    const parsed = schema.safeParse(values);
    const late = expiryProblem(typeof values.expiry === 'string' ? values.expiry : undefined, new Date());
    if (!parsed.success || late) {
      const found = parsed.success ? {} : fieldErrors(parsed.error);
      return setErrors(late && !found.expiry ? { ...found, expiry: late } : found);
    }
    try {
      const key = await createLink(
        { db },
        { input: parsed.data, channelKey: form.channelKey || null, campaignKey: form.campaignKey || null },
      );
      kickSync();
      setForm(empty());
      setErrors({});
      onCreated(key);
    } catch (error) {
      const field = isApiError(error) ? error.field : null;
      setErrors({
        [field ?? '_']: isApiError(error) ? messageForField(error.message, field) : 'The link could not be saved.',
      });
    }
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
      <div className="filters">
        {text('custom', 'Custom alias')}
        <Field label="Domain" error={errors.domain}>
          {(p) => (
            <select {...p} value={form.domain} onChange={(e) => setForm({ ...form, domain: e.target.value })}>
              <option value="">Default domain</option>
              {domains
                .filter((d) => d.id !== null)
                .map((d) => (
                  <option key={d.key} value={d.domain}>
                    {d.domain}
                  </option>
                ))}
            </select>
          )}
        </Field>
        <Field label="Redirect type" error={errors.type}>
          {(p) => (
            <select {...p} value={form.type} onChange={(e) => setForm({ ...form, type: e.target.value })}>
              <option value="direct">Direct</option>
              <option value="frame">Frame</option>
              <option value="splash">Splash</option>
              {splash.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  Splash page: {s.name}
                </option>
              ))}
              {overlays.map((o) => (
                <option key={o.id} value={`overlay-${o.id}`}>
                  CTA overlay: {o.name}
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
              {channels.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Campaign">
          {(p) => (
            <select {...p} value={form.campaignKey} onChange={(e) => setForm({ ...form, campaignKey: e.target.value })}>
              <option value="">No campaign</option>
              {campaigns.map((c) => (
                <option key={c.key} value={c.key}>
                  {c.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <div className="filters">
        {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
        {text('expiry', 'Expiry (YYYY-MM-DD HH:MM:SS)', { placeholder: '2027-01-31 23:59:00' })}
        {text('description', 'Description')}
      </div>
      <div className="filters">
        {text('metatitle', 'Meta title')}
        {text('metadescription', 'Meta description')}
        {text('metaimage', 'Meta image URL (.png or .jpg)')}
      </div>
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
      <fieldset className="filters">
        <legend>Deep links</legend>
        <Field label="App Store URL" error={errors['deeplink.apple']}>
          {(p) => <input {...p} value={form.apple} onChange={(e) => setForm({ ...form, apple: e.target.value })} />}
        </Field>
        <Field label="Google Play URL" error={errors['deeplink.google']}>
          {(p) => <input {...p} value={form.google} onChange={(e) => setForm({ ...form, google: e.target.value })} />}
        </Field>
        <label className="row">
          <input type="checkbox" checked={form.auto} onChange={(e) => setForm({ ...form, auto: e.target.checked })} />{' '}
          Derive from the long URL
        </label>
      </fieldset>
      <Field
        label="Pixel ids (comma-separated)"
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
