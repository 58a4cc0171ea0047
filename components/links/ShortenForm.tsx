import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useDefaultDomainLabel } from '@/components/hooks/useDefaultDomain';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { usePopup } from '@/components/state/popup';
import { Field } from '@/components/ui/Field';
import { pickerToServiceDatetime } from '@/components/ui/format';
import { ChevronDown, Link2 } from '@/components/ui/icons';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import type { KeyedLink } from '@/lib/api/inputs/links';
import { t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { pageLink } from '@/lib/links/page-link';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { type Option, useLinkFormModel } from './link-form-model';
import { TargetList } from './TargetList';
import { UtmFields, useUtm } from './UtmFields';

type Text = 'custom' | 'password' | 'description' | 'metatitle' | 'metadescription' | 'metaimage';
type Lists = { geo: KeyedLink[]; device: KeyedLink[] };

/**
 * "Shorten this page", with every option one click away in groups (link, targeting, protection,
 * meta). The link is written locally and queued with the highest priority; the page's title as the
 * person saw it goes with it, so the link is listed and found by that title. It starts from the
 * defaults for new links (Settings); options chosen here stay with this link unless "Use for new
 * links" is ticked.
 */
export function ShortenForm({
  url,
  title,
  onCreated,
}: {
  url: string;
  title: string;
  /** Awaited before the form lets go of the answer: what it shows next is ready then. */
  /** The link as the service made it (or as queued, when it did not answer in time). */
  onCreated: (link: LinkRow) => void;
}) {
  const model = useLinkFormModel();
  const defaultDomain = useDefaultDomainLabel();
  const { errors } = model;
  const defaults = useStorageItem(linkDefaultsItem);
  const [more, setMore] = useState(false);
  const [values, setValues] = useState<Partial<Record<Text, string>>>({});
  const [expiry, setExpiry] = useState('');
  const [lists, setLists] = useState<Lists>({ geo: [], device: [] });
  const [choice, setChoice] = useState<LinkDefaults | null>(null);
  // Options chosen here are this link's; they become the defaults only when the person says so.
  const [keepAsDefaults, setKeepAsDefaults] = useState(false);
  const [busy, setBusy] = useState(false);
  const utm = useUtm();
  // Keyboard first: the popup opens with the cursor on the one thing to do here.
  const shorten = useRef<HTMLButtonElement>(null);
  useEffect(() => shorten.current?.focus(), []);
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
    const tracking = utm.parse();
    if (tracking === null) return setMore(true);
    setBusy(true);
    // The choices are kept with the click, beside the save: people close the popup the moment they
    // click elsewhere, often before the service answers, and the next page should still start from them.
    const kept = Promise.all([utm.remember(), keepAsDefaults ? linkDefaultsItem.setValue(opts) : null]);
    const fields = { ...values, expiry: pickerToServiceDatetime(expiry), geo: lists.geo, device: lists.device };
    const { form, placement } = pageLink({ url, title, options: opts, utm: tracking, fields });
    const key = await model.save(form, placement, usePopup.getState().awaitingAnswer);
    await kept;
    setBusy(false);
    if (key === null) return setMore(true);
    await onCreated(key);
    usePopup.getState().awaitingAnswer(false);
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
  const fieldErrorsIn = (prefixes: string[]) => Object.keys(errors).some((k) => prefixes.some((p) => k.startsWith(p)));

  return (
    <form
      className="card stack shorten"
      noValidate
      aria-label={t('shorten.formLabel')}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="stack page-identity">
        <p className="page-title">
          <LinkTitle title={title} url={url} />
        </p>
        <p className="muted small-text">
          <LinkText kind="address" text={url} />
        </p>
      </div>
      {errors.url ? (
        <p role="alert" className="error">
          {t('shorten.cannot', { reason: errors.url })}
        </p>
      ) : null}
      <div className="row">
        <button ref={shorten} type="submit" className="grow" disabled={busy}>
          <Link2 size={16} aria-hidden="true" /> {t('shorten.formLabel')}
        </button>
        <button
          type="button"
          className="secondary"
          aria-expanded={more}
          aria-controls="more-options"
          onClick={() => setMore(!more)}
        >
          {t('shorten.moreOptions')} <ChevronDown size={14} aria-hidden="true" className={more ? 'flip' : undefined} />
        </button>
      </div>
      {errors._ ? (
        <p role="alert" className="error">
          {errors._}
        </p>
      ) : null}
      {utm.preset && !more ? (
        <p className="muted small-text" data-testid="utm-applied">
          {t('shorten.utmApplied', { preset: utm.preset })}{' '}
          <button type="button" className="ghost small" onClick={() => utm.choose(null)}>
            {t('shorten.dontTrack')}
          </button>
        </p>
      ) : null}
      {more ? (
        <div className="stack" id="more-options" data-testid="more-options">
          <Group title={t('link.groupLink')} open>
            {text('custom', t('link.customAlias'), { autoComplete: 'off', placeholder: 'my-page' })}
            {select('domain', t('link.domain'), [{ value: '', label: defaultDomain }, ...model.domainOptions])}
            {select('channelKey', t('link.channel'), [
              { value: '', label: t('link.noChannel') },
              ...model.channelOptions,
            ])}
            {select('campaignKey', t('link.campaign'), [
              { value: '', label: t('link.noCampaign') },
              ...model.campaignOptions,
            ])}
            {select('status', t('link.visibility'), [
              { value: 'private', label: t('link.private') },
              { value: 'public', label: t('link.public') },
            ])}
            {select('type', t('link.redirect'), model.redirectOptions)}
            <label className="checkbox-field">
              <input
                type="checkbox"
                checked={keepAsDefaults}
                onChange={(e) => setKeepAsDefaults(e.target.checked)}
                data-testid="use-for-new-links"
              />
              {t('shorten.useForNew')}
            </label>
          </Group>
          <Group title={t('link.groupUtm')} open={Boolean(utm.preset) || Object.keys(utm.errors).length > 0}>
            <UtmFields utm={utm} longUrl={url} />
          </Group>
          <Group title={t('link.groupTargeting')} open={fieldErrorsIn(['geotarget', 'devicetarget'])}>
            <TargetList
              legend={t('link.byCountry')}
              kind="country"
              rows={lists.geo}
              errors={errors}
              path={{ list: 'geotarget', key: 'location', value: 'link' }}
              onChange={(geo) => setLists({ ...lists, geo })}
            />
            <TargetList
              legend={t('link.byDevice')}
              kind="device"
              rows={lists.device}
              errors={errors}
              path={{ list: 'devicetarget', key: 'device', value: 'link' }}
              onChange={(device) => setLists({ ...lists, device })}
            />
          </Group>
          <Group title={t('link.groupProtection')} open={fieldErrorsIn(['password', 'expiry'])}>
            {text('password', t('link.password'), { type: 'password', autoComplete: 'new-password' })}
            <Field label={t('link.expires')} error={errors.expiry} hint={t('link.expiresHint')}>
              {(p) => (
                <input
                  {...p}
                  type="datetime-local"
                  value={expiry}
                  onChange={(e) => {
                    setExpiry(e.target.value);
                    model.clearError('expiry');
                  }}
                />
              )}
            </Field>
          </Group>
          <Group title={t('link.groupPreview')} open={fieldErrorsIn(['meta', 'description'])}>
            {text('metatitle', t('link.metaTitle'), { placeholder: title.slice(0, 80) })}
            {text('metadescription', t('link.metaDescription'))}
            {text('metaimage', t('link.metaImage'))}
            {text('description', t('link.note'))}
          </Group>
        </div>
      ) : null}
    </form>
  );
}

/**
 * A collapsible group of options. `open` opens it (a problem inside, a preset in use); only the
 * person closes it again, so fixing the last problem does not fold it away under their cursor.
 */
function Group({ title, open = false, children }: { title: string; open?: boolean; children: ReactNode }) {
  const [isOpen, setOpen] = useState(open);
  useEffect(() => {
    if (open) setOpen(true);
  }, [open]);
  return (
    <details className="option-group" open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{title}</summary>
      <div className="stack">{children}</div>
    </details>
  );
}
