import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { Field } from '@/components/ui/Field';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createChannelInput } from '@/lib/api/inputs/channels';
import { database } from '@/lib/db/open';
import type { ChannelRow } from '@/lib/db/schema';
import { createChannel, deleteChannel, updateChannel } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { ChannelItems } from './ChannelItems';

/** Channels: list, create, edit, delete; changes are local first and synced in the background. */
export function ChannelsPage() {
  const db = database();
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const [editing, setEditing] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="channels-heading">
      <h2 id="channels-heading">Channels</h2>
      <ChannelForm
        key="new"
        submitLabel="Create channel"
        onSave={async (input) => void (await createChannel({ db }, input))}
      />
      <ul className="stack" aria-label="Channels">
        {channels.map((channel) => (
          <li key={channel.key} className="card stack" data-testid="channel-row">
            <div className="row">
              <span className="swatch" style={{ background: channel.color ?? 'transparent' }} aria-hidden="true" />
              <strong>{channel.name}</strong>
              {channel.starred ? (
                <span role="img" aria-label="Starred">
                  ★
                </span>
              ) : null}
              <SyncBadge state={channel.sync} />
            </div>
            {channel.description ? <p className="muted">{channel.description}</p> : null}
            {channel.twinOf ? (
              <TwinNotice
                name={channel.name}
                onDelete={() => {
                  if (
                    window.confirm(
                      `Delete this copy of “${channel.name}” from the service? The channel made here stays.`,
                    )
                  )
                    void deleteChannel({ db }, channel.key).then(kickSync);
                }}
              />
            ) : null}
            <div className="row">
              <button
                type="button"
                className="secondary"
                onClick={() => setOpen(open === channel.key ? null : channel.key)}
                aria-expanded={open === channel.key}
              >
                Items of {channel.name}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => setEditing(editing === channel.key ? null : channel.key)}
                aria-expanded={editing === channel.key}
              >
                Edit {channel.name}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  if (window.confirm(`Delete the channel “${channel.name}”? Its items are unassigned, not deleted.`))
                    void deleteChannel({ db }, channel.key).then(kickSync);
                }}
              >
                Delete {channel.name}
              </button>
            </div>
            {open === channel.key ? <ChannelItems channelKey={channel.key} channelName={channel.name} /> : null}
            {editing === channel.key ? (
              <ChannelForm
                initial={channel}
                submitLabel="Save channel"
                onSave={async (input) => {
                  await updateChannel({ db }, channel.key, input);
                  setEditing(null);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
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
            kickSync();
          },
          initial ? {} : { resetTo: { name: '', description: '', color: '#6366f1', starred: false } },
        );
      }}
    >
      <Field label="Channel name" error={form.errors.name}>
        {(p) => <input {...p} value={String(form.values.name)} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
      <Field label="Description" error={form.errors.description}>
        {(p) => (
          <input
            {...p}
            value={String(form.values.description)}
            onChange={(e) => form.set('description', e.target.value)}
          />
        )}
      </Field>
      <Field label="Colour" error={form.errors.color} hint="HEX, like #1a2b3c">
        {(p) => (
          <div className="row">
            <input
              type="color"
              aria-label="Pick a colour"
              value={/^#[0-9a-f]{6}$/i.test(String(form.values.color)) ? String(form.values.color) : '#000000'}
              onChange={(e) => form.set('color', e.target.value)}
            />
            <input {...p} value={String(form.values.color)} onChange={(e) => form.set('color', e.target.value)} />
          </div>
        )}
      </Field>
      <label className="row">
        <input
          type="checkbox"
          checked={Boolean(form.values.starred)}
          onChange={(e) => form.set('starred', e.target.checked)}
        />{' '}
        Starred
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
