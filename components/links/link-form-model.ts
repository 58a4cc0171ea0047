import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { networkName } from '@/components/pixels/network-name';
import { withoutField } from '@/components/ui/field-errors';
import { isApiError } from '@/lib/api/errors';
import {
  BASIC_REDIRECT_TYPES,
  checkLink,
  type LinkForm,
  linkEditInput,
  linkEditOf,
  overlayType,
  splashPageType,
} from '@/lib/api/inputs/links';
import type { FieldErrors } from '@/lib/api/validate-input';
import { t } from '@/lib/browser/i18n';
import { errorBesideField, problemsInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { shortenHanded } from '@/lib/links/handed';
import { placementInMirror } from '@/lib/links/queries';
import { create, update } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import { kickSync } from '@/lib/sync/kick';

export interface Option {
  value: string;
  label: string;
}

export interface LinkPlacement {
  channelKey: string | null;
  campaignKey: string | null;
}

/** How an edit ended: answered, saved here and queued, or refused because the service has no edits. */
export type EditOutcome = 'made' | 'queued' | 'absent';

/** A failure as the form shows it: next to the field the service or the client named, else on the form. */
export function formErrorsOf(error: unknown): FieldErrors {
  const field = isApiError(error) ? error.field : null;
  return {
    [field ?? '_']: errorBesideField(error, t('link.notSaved')),
  };
}

/**
 * What every form that creates a short link shares (the popup's and the dashboard's): the choices
 * read from the mirror, the redirect types, the errors by field, and saving.
 */
export function useLinkFormModel() {
  const db = database();
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const splash = useLiveQuery(() => db.splashPages.toArray(), [], []);
  const overlays = useLiveQuery(() => db.overlays.toArray(), [], []);
  const pixels = useLiveQuery(
    async () => (await db.pixels.toArray()).sort((a, b) => a.name.localeCompare(b.name)),
    [],
    [],
  );
  const pixelsListed = useCapability('pixels') !== 'absent';
  const [errors, setErrors] = useState<FieldErrors>({});

  /**
   * Validates the link and hands it to the worker, which writes it, queues it and waits for the
   * service's answer while it answers promptly (lib/links/handed.ts): the link as made (or as
   * queued), or null with the errors shown at their fields and nothing left queued. `waiting` is
   * told the link's key when it is handed over; after a success the caller ends the wait, once it
   * shows the link.
   */
  async function save(
    form: LinkForm,
    placement: LinkPlacement,
    waiting?: (answering: string | false) => void,
  ): Promise<LinkRow | null> {
    const outcome = await shortenHanded(db, { form, placement }, { queued: (key) => waiting?.(key) }).catch(
      (error: unknown) => ({ state: 'failed' as const, error }),
    );
    if (outcome.state === 'invalid') {
      setErrors(problemsInWords(outcome.errors));
      return null;
    }
    if (outcome.state === 'refused' || outcome.state === 'failed') {
      setErrors(formErrorsOf(outcome.error));
      return null;
    }
    setErrors({});
    return outcome.link;
  }

  /**
   * Saves an edit of link `key`: the fields that differ from what the form was opened with, and a
   * new channel or campaign as assignments of their own. Waits for the answer as `save` does; null
   * with the errors shown at their fields when refused (the link shows what it was again).
   */
  async function saveEdit(
    key: string,
    opened: { form: LinkForm; placement: LinkPlacement },
    form: LinkForm,
    placement: LinkPlacement,
  ): Promise<EditOutcome | null> {
    const edit = linkEditOf(opened.form, form);
    // Taking a link out of its channel or campaign is part of the edit; a new one is an assignment.
    if (opened.placement.channelKey && !placement.channelKey) edit.channel = null;
    if (opened.placement.campaignKey && !placement.campaignKey) edit.campaign = null;
    const checked = checkLink(linkEditInput, edit, new Date());
    if (checked.errors) {
      setErrors(problemsInWords(checked.errors));
      return null;
    }
    let outcome: EditOutcome = 'made';
    try {
      if (Object.keys(checked.fields).length > 1 || form.url.trim() !== opened.form.url.trim()) {
        outcome = await changeAnswered(db, key, 'update', (ctx) => update(ctx, 'link', key, checked.fields));
        if (outcome === 'made' && (await readCapability(db, 'linkEdit')) === 'absent') outcome = 'absent';
      }
    } catch (error) {
      setErrors(formErrorsOf(error));
      return null;
    }
    if (outcome === 'absent') {
      setErrors({ _: t('capability.absent.linkEdit') });
      return outcome;
    }
    const moved = await placementInMirror(db, placement);
    if (moved.channelKey && moved.channelKey !== opened.placement.channelKey)
      await create({ db }, 'channelItem', { channelKey: moved.channelKey, item: { type: 'links', key } });
    if (moved.campaignKey && moved.campaignKey !== opened.placement.campaignKey)
      await create({ db }, 'campaignLink', { campaignKey: moved.campaignKey, key: key });
    kickSync();
    setErrors({});
    return outcome;
  }

  return {
    domainOptions: domains.filter((d) => d.id !== null).map((d): Option => ({ value: d.domain, label: d.domain })),
    channelOptions: channels.map((c): Option => ({ value: c.key, label: c.name })),
    campaignOptions: campaigns.map((c): Option => ({ value: c.key, label: c.name })),
    /**
     * The account's pixels by name, those the service has given an id; none when the service does not
     * list them (the ids are typed then).
     */
    pixelOptions: pixels
      .filter((p) => p.id !== null)
      .map((p): Option => ({ value: String(p.id), label: `${p.name} (${networkName(p.type)})` })),
    /** Whether the service lists pixels; learnt from its answer to the list (lib/kinds/capabilities.ts). */
    pixelsListed,
    redirectOptions: [
      ...BASIC_REDIRECT_TYPES.map((value): Option => ({ value, label: t(`link.redirectType.${value}`) })),
      ...splash.map((s): Option => ({ value: splashPageType(s.id), label: t('link.splashPage', { name: s.name }) })),
      ...overlays.map((o): Option => ({ value: overlayType(o.id), label: t('link.overlay', { name: o.name }) })),
    ],
    errors,
    clearError: (name: string) => setErrors((now) => withoutField(now, name)),
    save,
    saveEdit,
  };
}
