import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { Field } from '@/components/ui/Field';
import { isApiError } from '@/lib/api/errors';
import { createLinkInput } from '@/lib/api/inputs/links';
import { type FieldErrors, fieldErrors, messageForField } from '@/lib/api/validate-input';
import { database } from '@/lib/db/open';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { createLink } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

const formSchema = createLinkInput.omit({ channel: true, campaign: true });

/**
 * "Shorten this page" with the optional fields behind one toggle. The link is written locally
 * and queued with the highest priority; the caller shows it (pending, then with its short URL).
 */
export function ShortenForm({
  url,
  title,
  onCreated,
}: {
  url: string;
  title: string;
  onCreated: (key: string) => void;
}) {
  const db = database();
  const defaults = useStorageItem(linkDefaultsItem);
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const splash = useLiveQuery(() => db.splashPages.toArray(), [], []);
  const overlays = useLiveQuery(() => db.overlays.toArray(), [], []);
  const [more, setMore] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [choice, setChoice] = useState<LinkDefaults | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored defaults are taken once, when they load; later they must not overwrite the person's choice.
  useEffect(() => {
    if (defaults.loaded && !choice) setChoice(defaults.value);
  }, [defaults.loaded]);
  const opts = choice ?? defaults.value;
  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  async function submit() {
    const raw = Object.fromEntries(
      Object.entries({ ...values, url, metatitle: values.metatitle || undefined }).filter(
        ([, v]) => v !== undefined && v !== '',
      ),
    );
    const input = {
      ...raw,
      status: opts.status,
      ...(opts.type && opts.type !== 'direct' ? { type: opts.type } : {}),
      ...(opts.domain ? { domain: opts.domain } : {}),
    };
    const parsed = formSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      setMore(true);
      return;
    }
    setBusy(true);
    try {
      const key = await createLink(
        { db },
        { input: parsed.data, channelKey: opts.channelKey, campaignKey: opts.campaignKey, priority: 0 },
      );
      await linkDefaultsItem.setValue(opts);
      kickSync();
      onCreated(key);
    } catch (error) {
      const field = isApiError(error) ? error.field : null;
      setErrors({
        [field ?? '_']: isApiError(error) ? messageForField(error.message, field) : 'The link could not be saved.',
      });
    } finally {
      setBusy(false);
    }
  }

  const text = (name: string, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]}>
      {(p) => <input {...p} {...props} value={values[name] ?? ''} onChange={(e) => set(name, e.target.value)} />}
    </Field>
  );
  const select = (name: keyof LinkDefaults, label: string, options: { value: string; label: string }[]) => (
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
          {select('domain', 'Domain', [
            { value: '', label: 'Default domain' },
            ...domains.filter((d) => d.id !== null).map((d) => ({ value: d.domain, label: d.domain })),
          ])}
          {select('channelKey', 'Channel', [
            { value: '', label: 'No channel' },
            ...channels.map((c) => ({ value: c.key, label: c.name })),
          ])}
          {select('campaignKey', 'Campaign', [
            { value: '', label: 'No campaign' },
            ...campaigns.map((c) => ({ value: c.key, label: c.name })),
          ])}
          {select('status', 'Status', [
            { value: 'private', label: 'Private' },
            { value: 'public', label: 'Public' },
          ])}
          {select('type', 'Redirect type', [
            { value: 'direct', label: 'Direct' },
            { value: 'frame', label: 'Frame' },
            { value: 'splash', label: 'Splash' },
            ...splash.map((s) => ({ value: String(s.id), label: `Splash page: ${s.name}` })),
            ...overlays.map((o) => ({ value: `overlay-${o.id}`, label: `CTA overlay: ${o.name}` })),
          ])}
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
