import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { askFirst } from '@/components/state/confirm';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Field } from '@/components/ui/Field';
import { Folder, Plus, Star } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createChannelInput } from '@/lib/api/inputs/channels';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { ChannelRow } from '@/lib/db/schema';
import { create, remove, update } from '@/lib/sync/actions';
import { createAnswered } from '@/lib/sync/answer';
import { kickSync } from '@/lib/sync/kick';
import { ChannelItems } from './ChannelItems';

/** Channels: list first; create and edit in a dialog; items open under their channel. */
export function ChannelsPage() {
  const db = database();
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], undefined);
  const counts = useLiveQuery(
    async () => {
      const byChannel = new Map<string, number>();
      await db.channelItems.each((i) => byChannel.set(i.channelKey, (byChannel.get(i.channelKey) ?? 0) + 1));
      return byChannel;
    },
    [],
    new Map<string, number>(),
  );
  const [editing, setEditing] = useState<ChannelRow | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const newChannel = (
    <button type="button" onClick={() => setEditing('new')}>
      <Plus size={16} aria-hidden="true" /> {t('channelsPage.newChannel')}
    </button>
  );
  return (
    <section className="stack-lg" aria-labelledby="channels-heading">
      <SectionHead id="channels-heading" title={t('channelsPage.channels')}>
        {newChannel}
      </SectionHead>
      <p className="muted">{t('channelsPage.groupLinksQrCodes')}</p>
      {channels && channels.length === 0 ? (
        <EmptyState icon={Folder} title={t('channelsPage.noChannelsYet')} action={newChannel}>
          {t('channelsPage.aChannelCollectsWhat')}
        </EmptyState>
      ) : null}
      <ul className="stack" aria-label={t('channelsPage.channels')}>
        {channels?.map((channel) => (
          <li key={channel.key} className="card stack" data-testid="channel-row">
            <div className="row">
              <span className="swatch" style={{ background: channel.color ?? 'transparent' }} aria-hidden="true" />
              <strong className="grow">
                {channel.name}{' '}
                {channel.starred ? (
                  <Star
                    size={14}
                    className="star"
                    aria-label={t('channelsPage.starred')}
                    role="img"
                    fill="currentColor"
                  />
                ) : null}
              </strong>
              <span className="badge">{plural('channels.items', counts.get(channel.key) ?? 0)}</span>
              <SyncBadge state={channel.sync} />
              <button
                type="button"
                className="secondary small"
                onClick={() => setOpen(open === channel.key ? null : channel.key)}
                aria-expanded={open === channel.key}
                aria-label={t('channels.itemsOf', { name: channel.name })}
              >
                {t('channelsPage.items')}
              </button>
              <button
                type="button"
                className="secondary small"
                aria-label={t('common.editItem', { name: channel.name })}
                onClick={() => setEditing(channel)}
              >
                {t('campaignSummary.edit')}
              </button>
              <button
                type="button"
                className="danger small"
                aria-label={t('common.deleteItem', { name: channel.name })}
                onClick={async () => {
                  const yes = await askFirst({
                    title: t('confirm.deleteChannel'),
                    consequence: t('channels.confirmDelete', { name: channel.name }),
                    action: t('campaignSummary.delete'),
                  });
                  if (yes) void remove({ db }, 'channel', [channel.key]).then(kickSync);
                }}
              >
                {t('campaignSummary.delete')}
              </button>
            </div>
            {channel.description ? <p className="muted">{channel.description}</p> : null}
            {channel.twinOf ? (
              <TwinNotice
                name={channel.name}
                onDelete={async () => {
                  const yes = await askFirst({
                    title: t('confirm.deleteCopy'),
                    consequence: t('channels.confirmDeleteCopy', { name: channel.name }),
                    action: t('campaignSummary.delete'),
                  });
                  if (yes) void remove({ db }, 'channel', [channel.key]).then(kickSync);
                }}
              />
            ) : null}
            {open === channel.key ? <ChannelItems channelKey={channel.key} channelName={channel.name} /> : null}
          </li>
        ))}
      </ul>
      {editing ? (
        <Dialog
          title={editing === 'new' ? t('channelsPage.newChannel') : t('common.editItem', { name: editing.name })}
          onClose={() => setEditing(null)}
        >
          <ChannelForm
            initial={editing === 'new' ? undefined : editing}
            submitLabel={editing === 'new' ? t('channels.create') : t('channels.save')}
            onSave={async (input) => {
              // A create is sent and answered before the dialog closes; an edit is sent in the background.
              if (editing === 'new') await createAnswered(db, (ctx) => create(ctx, 'channel', input));
              else {
                await update({ db }, 'channel', editing.key, input);
                kickSync();
              }
              setEditing(null);
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}

function ChannelForm({
  initial,
  submitLabel,
  onSave,
}: {
  initial?: ChannelRow;
  submitLabel: string;
  onSave: (input: { name: string; description?: string; color?: string; starred?: boolean }) => Promise<void>;
}) {
  const form = useZodForm(createChannelInput, {
    name: initial?.name ?? '',
    description: initial?.description ?? '',
    color: initial?.color ?? '#6366f1',
    starred: initial?.starred ?? false,
  });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(
          async (input) => {
            await onSave(input);
          },
          initial ? {} : { resetTo: { name: '', description: '', color: '#6366f1', starred: false } },
        );
      }}
    >
      <Field label={t('channelsPage.channelName')} error={form.errors.name}>
        {(p) => <input {...p} value={String(form.values.name)} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      <Field label={t('channelsPage.description')} error={form.errors.description}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.description)}
            onChange={(e) => form.set('description', e.target.value)}
          />
        )}
      </Field>
      <Field label={t('channelsPage.colour')} error={form.errors.color} hint={t('channelsPage.hexLike1a2b3c')}>
        {(p) => (
          <div className="row">
            <input
              type="color"
              aria-label={t('channelsPage.pickAColour')}
              value={/^#[0-9a-f]{6}$/i.test(String(form.values.color)) ? String(form.values.color) : '#000000'}
              onChange={(e) => form.set('color', e.target.value)}
            />
            <input {...p} value={String(form.values.color)} onChange={(e) => form.set('color', e.target.value)} />
          </div>
        )}
      </Field>
      <label className="checkbox-field">
        <input
          type="checkbox"
          checked={Boolean(form.values.starred)}
          onChange={(e) => form.set('starred', e.target.checked)}
        />
        {t('channelsPage.starred')}
      </label>
      {form.errors._ ? (
        <p role="alert" className="error">
          {form.errors._}
        </p>
      ) : null}
      <div className="row">
        <button type="submit" disabled={form.busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
