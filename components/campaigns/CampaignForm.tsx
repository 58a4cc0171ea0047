import { useId } from 'react';
import { z } from 'zod';
import { Field } from '@/components/ui/Field';
import { useZodForm } from '@/components/ui/useZodForm';
import {
  type CreateCampaignInput,
  createCampaignInput,
  type UpdateCampaignInput,
  updateCampaignInput,
} from '@/lib/api/inputs/campaigns';
import type { FieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import type { CampaignRow } from '@/lib/db/schema';
import { kickSync } from '@/lib/sync/kick';

/**
 * useZodForm drops empty fields before parsing, so a cleared name would reach the schema as
 * missing and get zod's generic "expected string" message. Putting '' back lets the campaign's own
 * rule ("Give the campaign a name.") speak instead.
 */
const editCampaignInput = z.preprocess((v) => ({ name: '', ...(v as Record<string, unknown>) }), updateCampaignInput);

const EMPTY = { name: '', slug: '', public: false };

/** The create form at the top of the section; the name is optional there (the service numbers it). */
export function NewCampaignForm({ onSave }: { onSave: (input: CreateCampaignInput) => Promise<void> }) {
  const form = useZodForm(createCampaignInput, EMPTY);
  return (
    <form
      className="stack"
      aria-label={t('campaignForm.newCampaign')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(
          // The create is sent (and answered) by onSave.
          async (input) => {
            await onSave(input);
          },
          { resetTo: EMPTY },
        );
      }}
    >
      <CampaignFields form={form} slugHint={t('campaigns.slugHintNew')} />
      <FormFooter error={form.errors._} busy={form.busy} label={t('campaignForm.createCampaign')} />
    </form>
  );
}

/** Editing one campaign: the API requires the name on every update. */
export function EditCampaignForm({
  campaign,
  onSave,
}: {
  campaign: CampaignRow;
  onSave: (input: UpdateCampaignInput) => Promise<void>;
}) {
  const form = useZodForm(editCampaignInput, {
    name: campaign.name,
    slug: campaign.slug ?? '',
    public: campaign.public,
  });
  return (
    <form
      className="stack"
      aria-label={t('common.editItem', { name: campaign.name })}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (input) => {
          await onSave(input);
          kickSync();
        });
      }}
    >
      {/* An empty slug is not sent, and the service keeps the old one: it can be changed, not removed. */}
      <CampaignFields form={form} slugHint={t('campaigns.slugHintEdit')} />
      <FormFooter error={form.errors._} busy={form.busy} label={t('campaignForm.saveCampaign')} />
    </form>
  );
}

interface FormState {
  values: Record<string, unknown>;
  errors: FieldErrors;
  set: (name: string, value: unknown) => void;
}

function CampaignFields({ form, slugHint }: { form: FormState; slugHint: string }) {
  const publicHintId = useId();
  return (
    <div className="campaign-fields">
      <Field label={t('campaignForm.campaignName')} error={form.errors.name}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.name)}
            maxLength={100}
            onChange={(e) => form.set('name', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('campaignForm.rotatorSlug')} error={form.errors.slug} hint={slugHint}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.slug)}
            autoComplete="off"
            onChange={(e) => form.set('slug', e.target.value)}
          />
        )}
      </Field>
      <div className="stack campaign-public">
        <label className="row">
          <input
            type="checkbox"
            aria-describedby={publicHintId}
            checked={Boolean(form.values.public)}
            onChange={(e) => form.set('public', e.target.checked)}
          />{' '}
          {t('link.public')}
        </label>
        <span id={publicHintId} className="muted">
          {t('campaignForm.anyoneCanOpenIts')}
        </span>
      </div>
    </div>
  );
}

function FormFooter({ error, busy, label }: { error: string | undefined; busy: boolean; label: string }) {
  return (
    <>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={busy}>
          {label}
        </button>
      </div>
    </>
  );
}
