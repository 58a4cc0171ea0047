import { useEffect, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { Field } from '@/components/ui/Field';
import type { LinkForm } from '@/lib/api/inputs/links';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { type Option, useLinkFormModel } from './link-form-model';

/**
 * "Shorten this page" with the optional fields behind one toggle. The link is written locally
 * and queued with the highest priority; the caller shows it (pending, then with its short URL).
 */
type Text = 'custom' | 'password' | 'expiry' | 'description' | 'metatitle' | 'metadescription' | 'metaimage';

export function ShortenForm({
  url,
  title,
  onCreated,
}: {
  url: string;
  title: string;
  onCreated: (key: string) => void;
}) {
  const model = useLinkFormModel();
  const { errors } = model;
  const defaults = useStorageItem(linkDefaultsItem);
  const [more, setMore] = useState(false);
  const [values, setValues] = useState<Omit<LinkForm, 'url'>>({});
  const [choice, setChoice] = useState<LinkDefaults | null>(null);
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored defaults are taken once, when they load; later they must not overwrite the person's choice.
  useEffect(() => {
    if (defaults.loaded && !choice) setChoice(defaults.value);
  }, [defaults.loaded]);
  const opts = choice ?? defaults.value;
  const set = (name: Text, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    model.clearError(name);
  };

  async function submit() {
    setBusy(true);
    const key = await model.save(
      { ...values, url, status: opts.status, type: opts.type, domain: opts.domain },
      { channelKey: opts.channelKey, campaignKey: opts.campaignKey, priority: 0 },
    );
    setBusy(false);
    if (key === null) return setMore(true);
    await linkDefaultsItem.setValue(opts);
    onCreated(key);
  }

  const text = (name: Text, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]}>
      {(p) => <input {...p} {...props} value={values[name] ?? ''} onChange={(e) => set(name, e.target.value)} />}
    </Field>
  );
  const select = (name: keyof LinkDefaults, label: string, options: Option[]) => (
    <Field label={label} error={errors[name]}>
      {(p) => (
        <select
          {...p}
          value={String(opts[name] ?? '')}
          onChange={(e) =>
            setChoice({
              ...opts,
              [name]:
                e.target.value === '' && (name === 'channelKey' || name === 'campaignKey') ? null : e.target.value,
            })
          }
        >
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );

  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="truncate muted" title={url}>
        {title || url}
      </p>
      {errors.url ? (
        <p role="alert" className="error">
          This page cannot be shortened: {errors.url}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={busy}>
          Shorten this page
        </button>
        <button type="button" className="secondary" aria-expanded={more} onClick={() => setMore(!more)}>
          More options
        </button>
      </div>
      {errors._ ? (
        <p role="alert" className="error">
          {errors._}
        </p>
      ) : null}
      {more ? (
        <div className="stack" data-testid="more-options">
          {text('custom', 'Custom alias', { autoComplete: 'off' })}
          {select('domain', 'Domain', [{ value: '', label: 'Default domain' }, ...model.domainOptions])}
          {select('channelKey', 'Channel', [{ value: '', label: 'No channel' }, ...model.channelOptions])}
          {select('campaignKey', 'Campaign', [{ value: '', label: 'No campaign' }, ...model.campaignOptions])}
          {select('status', 'Status', [
            { value: 'private', label: 'Private' },
            { value: 'public', label: 'Public' },
          ])}
          {select('type', 'Redirect type', model.redirectOptions)}
          {text('password', 'Password', { type: 'password', autoComplete: 'new-password' })}
          {text('expiry', 'Expiry (YYYY-MM-DD HH:MM:SS)', { placeholder: '2027-01-31 23:59:00' })}
          {text('description', 'Description')}
          {text('metatitle', 'Meta title')}
          {text('metadescription', 'Meta description')}
          {text('metaimage', 'Meta image URL')}
        </div>
      ) : null}
    </form>
  );
}
