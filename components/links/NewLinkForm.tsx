import { useEffect, useRef, useState } from 'react';
import { useDefaultDomainLabel } from '@/components/hooks/useDefaultDomain';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { DialogForm, holdsError, OptionGroup, summaryLine } from '@/components/ui/DialogForm';
import { Field } from '@/components/ui/Field';
import { formatDateTime, formatNumber, pickerToServiceDatetime, serviceDatetimeToPicker } from '@/components/ui/format';
import type { KeyedLink, LinkForm } from '@/lib/api/inputs/links';
import { t } from '@/lib/browser/i18n';
import type { LinkRow, LinkStatsRow } from '@/lib/db/schema';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { applyUtm, UTM_FIELDS } from '@/lib/utm/utm';
import { ExistingLinkHint } from './ExistingLinkHint';
import { type EditOutcome, useLinkFormModel } from './link-form-model';
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
  /** In an edit: the link's password is taken away. */
  removePassword: false,
  /** The date-time picker's value, in the person's own time zone; sent as the service's UTC datetime. */
  expiryPicker: '',
});

export type LinkFormState = ReturnType<typeof empty>;

const keyed = (rows: { [k: string]: unknown }[] | undefined, key: string, value = 'link'): KeyedLink[] =>
  (rows ?? []).map((r) => ({ key: String(r[key] ?? ''), link: String(r[value] ?? '') }));

/**
 * The form of an existing link, as far as the mirror knows it: its address, alias, title, note,
 * expiry and targeting (from its statistics), and everything else it was made with here. A field
 * left as it was is not sent; the password is never shown, so an empty one keeps it.
 */
export function formOfLink(row: LinkRow, stats: LinkStatsRow | undefined, channelKey: string | null): LinkFormState {
  const made = row.input;
  const f = empty();
  return {
    ...f,
    text: {
      ...f.text,
      url: row.longurl,
      custom: row.alias,
      metatitle: row.title,
      metadescription: made?.metadescription ?? '',
      metaimage: made?.metaimage ?? '',
      description: row.description,
    },
    type: made?.type ?? 'direct',
    domain: made?.domain ?? '',
    status: row.status ?? made?.status ?? 'private',
    channelKey: channelKey ?? '',
    campaignKey: row.campaignKey ?? '',
    pixels: made?.pixels?.join(', ') ?? '',
    geo: stats ? stats.location.map((l) => ({ key: l.name, link: l.link })) : keyed(made?.geotarget, 'location'),
    device: stats ? stats.device.map((d) => ({ key: d.name, link: d.link })) : keyed(made?.devicetarget, 'device'),
    language: keyed(made?.languagetarget, 'language'),
    parameters: keyed(made?.parameters, 'name', 'value'),
    apple: typeof made?.deeplink?.apple === 'string' ? made.deeplink.apple : '',
    google: typeof made?.deeplink?.google === 'string' ? made.deeplink.google : '',
    auto: made?.deeplink?.auto === true,
    expiryPicker: serviceDatetimeToPicker(stats?.expiry ?? made?.expiry),
  };
}

/** What a form's state asks of the service, the long URL with `tracking` added. */
function valuesOf(form: LinkFormState, tracking: Parameters<typeof applyUtm>[1] | null): LinkForm {
  const { text, apple, google, auto, channelKey: _channel, campaignKey: _campaign, expiryPicker, ...lists } = form;
  return {
    ...text,
    url: tracking ? applyUtm(text.url.trim(), tracking) : text.url.trim(),
    ...lists,
    expiry: pickerToServiceDatetime(expiryPicker),
    deeplink: { apple, google, auto },
  };
}

/** The pixel ids of the form's comma-separated field. */
const pixelIds = (pixels: string) =>
  pixels
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
const toggled = (pixels: string, id: string, on: boolean) =>
  [...pixelIds(pixels).filter((p) => p !== id), ...(on ? [id] : [])].join(', ');

const placementOf = (form: LinkFormState) => ({
  channelKey: form.channelKey || null,
  campaignKey: form.campaignKey || null,
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

/** An existing link to edit: its key, and the form as it opens (see formOfLink). */
export interface LinkEditing {
  key: string;
  opened: LinkFormState;
  onSaved: (outcome: EditOutcome) => void;
}

/**
 * Every field the API offers for a new short link, validated with the client's own schema. It
 * starts from the defaults for new links (Settings) and the UTM preset used last, as the popup does.
 * With `editing`, the same form edits a link: it opens with the link's values and sends what changed.
 */
export function NewLinkForm({ onCreated, editing }: { onCreated?: (key: string) => void; editing?: LinkEditing }) {
  const model = useLinkFormModel();
  const defaultDomain = useDefaultDomainLabel();
  const { errors } = model;
  const defaults = useStorageItem(linkDefaultsItem);
  const [form, setForm] = useState(() => editing?.opened ?? empty());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stored defaults are taken once, when they load; later they must not overwrite what the person chose.
  useEffect(() => {
    if (defaults.loaded && !editing) setForm((f) => ({ ...fromDefaults(defaults.value), text: f.text }));
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
  const pixelsError = Object.entries(errors).find(([k]) => k.startsWith('pixels'))?.[1];
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  const [busy, setBusy] = useState(false);

  // After a refused save, take the person to the first field that says why: it may be far from the
  // button they pressed, in a group that opened to show it.
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);
  const refused = () => setRefusals((n) => n + 1);

  async function submit() {
    if (editing) {
      const { opened } = editing;
      setBusy(true);
      const outcome = await model.saveEdit(
        editing.key,
        { form: valuesOf(opened, null), placement: placementOf(opened) },
        valuesOf(form, null),
        placementOf(form),
      );
      setBusy(false);
      if (outcome === null) return refused();
      return editing.onSaved(outcome);
    }
    const tracking = utm.parse();
    if (tracking === null) return refused();
    setBusy(true);
    // Kept with the click, as in the popup: the page may be closed before the service answers.
    const kept = utm.remember();
    const made = await model.save(valuesOf(form, tracking), placementOf(form));
    await kept;
    setBusy(false);
    if (made === null) return refused();
    setForm(fromDefaults(defaults.value));
    onCreated?.(made.key);
  }

  const text = (name: Text, label: string, props: Record<string, string> = {}) => (
    <Field label={label} error={errors[name]}>
      {(p) => <input {...p} {...props} value={form.text[name]} onChange={(e) => setText(name, e.target.value)} />}
    </Field>
  );
  const campaignName = model.campaignOptions.find((o) => o.value === form.campaignKey)?.label;
  const targetCount = (legend: string, rows: KeyedLink[]) =>
    rows.length > 0 ? `${legend} (${formatNumber(rows.length)})` : null;
  const chosenPixels = model.pixelOptions.filter((o) => pixelIds(form.pixels).includes(o.value)).map((o) => o.label);
  return (
    <DialogForm
      formRef={formRef}
      label={editing ? t('linkEdit.heading') : t('linkTablePage.newShortLink')}
      onSubmit={() => void submit()}
      actions={
        <>
          <button type="submit" disabled={busy}>
            {editing ? t('linkEdit.save') : t('newLinkForm.createShortLink')}
          </button>
          {errors._ ? (
            <p role="alert" className="error">
              {errors._}
            </p>
          ) : null}
        </>
      }
    >
      {text('url', t('newLink.longUrl'), { type: 'url', placeholder: 'https://example.com/page' })}
      {editing ? (
        <p className="muted small-text" data-testid="edit-keeps-stats">
          {t('linkEdit.keepsStats')}
        </p>
      ) : (
        <ExistingLinkHint url={form.text.url} hidden={Boolean(errors.url)} onUse={(long) => setText('url', long)} />
      )}
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
      </div>
      {/* An edited link's address already holds its UTM values: they are edited in it. */}
      {editing ? null : (
        <OptionGroup
          title={t('link.groupUtm')}
          summary={summaryLine(UTM_FIELDS.map((f) => utm.values[f] && `utm_${f}=${utm.values[f]}`))}
          invalid={holdsError(utm.errors, [...UTM_FIELDS, 'name'])}
          testId="group-utm"
        >
          <UtmFields utm={utm} longUrl={form.text.url.trim()} />
        </OptionGroup>
      )}
      <OptionGroup
        title={t('newLinkForm.groupPlacement')}
        summary={summaryLine([
          campaignName,
          model.redirectOptions.find((o) => o.value === form.type)?.label,
          form.status === 'public' ? t('link.public') : t('link.private'),
        ])}
        invalid={holdsError(errors, ['campaign', 'type', 'status'])}
        testId="group-placement"
      >
        <div className="form-grid">
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
        </div>
      </OptionGroup>
      <OptionGroup
        title={t('newLinkForm.protectionAndNote')}
        summary={summaryLine([
          form.removePassword ? t('linkEdit.removePassword') : form.text.password && t('newLinkForm.summaryPassword'),
          form.expiryPicker &&
            t('newLinkForm.summaryExpires', {
              date: formatDateTime(pickerToServiceDatetime(form.expiryPicker), form.expiryPicker),
            }),
          form.text.description,
        ])}
        invalid={holdsError(errors, ['password', 'expiry', 'description'])}
        testId="group-protection"
      >
        <div className="form-grid">
          <div className="stack">
            <Field
              label={t('link.password')}
              error={errors.password}
              hint={editing ? t('linkEdit.passwordHint') : undefined}
            >
              {(p) => (
                <input
                  {...p}
                  type="password"
                  autoComplete="new-password"
                  disabled={form.removePassword}
                  value={form.removePassword ? '' : form.text.password}
                  onChange={(e) => setText('password', e.target.value)}
                />
              )}
            </Field>
            {/* The password is never shown: taking it away is a choice of its own, not an emptied field. */}
            {editing ? (
              <label className="checkbox-field">
                <input
                  type="checkbox"
                  checked={form.removePassword}
                  onChange={(e) => change({ removePassword: e.target.checked }, 'password')}
                />
                {t('linkEdit.removePassword')}
              </label>
            ) : null}
          </div>
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
        </div>
      </OptionGroup>
      <OptionGroup
        title={t('newLinkForm.howItLooksWhen')}
        summary={summaryLine([form.text.metatitle, form.text.metadescription, form.text.metaimage])}
        invalid={holdsError(errors, ['metatitle', 'metadescription', 'metaimage'])}
        testId="group-preview"
      >
        <div className="form-grid">
          {text('metatitle', t('link.metaTitle'))}
          {text('metadescription', t('link.metaDescription'))}
          {text('metaimage', t('link.metaImage'))}
        </div>
      </OptionGroup>
      <OptionGroup
        title={t('newLinkForm.groupTargeting')}
        summary={summaryLine([
          targetCount(t('newLinkForm.geoTargeting'), form.geo),
          targetCount(t('newLinkForm.deviceTargeting'), form.device),
          targetCount(t('newLinkForm.languageTargeting'), form.language),
          targetCount(t('newLinkForm.urlParameters'), form.parameters),
        ])}
        invalid={holdsError(errors, ['geotarget', 'devicetarget', 'languagetarget', 'parameters'])}
        testId="group-targeting"
      >
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
      </OptionGroup>
      <OptionGroup
        title={t('newLinkForm.openInApps')}
        summary={summaryLine([
          form.apple && t('newLinkForm.appStoreUrl'),
          form.google && t('newLinkForm.googlePlayUrl'),
          form.auto && t('newLinkForm.deriveFromTheLong'),
        ])}
        invalid={holdsError(errors, ['deeplink'])}
        testId="group-apps"
      >
        <div className="form-grid">
          <Field label={t('newLinkForm.appStoreUrl')} error={errors['deeplink.apple']}>
            {(p) => (
              <input {...p} value={form.apple} onChange={(e) => change({ apple: e.target.value }, 'deeplink.apple')} />
            )}
          </Field>
          <Field label={t('newLinkForm.googlePlayUrl')} error={errors['deeplink.google']}>
            {(p) => (
              <input
                {...p}
                value={form.google}
                onChange={(e) => change({ google: e.target.value }, 'deeplink.google')}
              />
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
        </div>
      </OptionGroup>
      <OptionGroup
        title={t('newLinkForm.pixelsPicker')}
        summary={model.pixelOptions.length > 0 ? summaryLine(chosenPixels) : form.pixels.trim()}
        invalid={Boolean(pixelsError)}
        testId="group-pixels"
      >
        {model.pixelOptions.length > 0 ? (
          <fieldset className="stack" data-testid="pixel-picker">
            {/* Named by its group's button already: the legend is for the checkboxes' screen reader name. */}
            <legend className="visually-hidden">{t('newLinkForm.pixelsPicker')}</legend>
            <p className="muted small-text">{t('newLinkForm.pixelsHint')}</p>
            {model.pixelOptions.map((o) => (
              <label key={o.value} className="checkbox-field">
                <input
                  type="checkbox"
                  checked={pixelIds(form.pixels).includes(o.value)}
                  onChange={(e) => change({ pixels: toggled(form.pixels, o.value, e.target.checked) }, 'pixels')}
                />
                {o.label}
              </label>
            ))}
            {pixelsError ? (
              <p role="alert" className="error">
                {pixelsError}
              </p>
            ) : null}
          </fieldset>
        ) : (
          <Field
            label={t('newLinkForm.trackingPixels')}
            hint={model.pixelsListed ? t('newLinkForm.theNumbersOfThe') : t('capability.absent.pixels')}
            error={pixelsError}
          >
            {(p) => <input {...p} value={form.pixels} onChange={(e) => change({ pixels: e.target.value }, 'pixels')} />}
          </Field>
        )}
      </OptionGroup>
    </DialogForm>
  );
}
