import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { Field } from '@/components/ui/Field';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { useZodForm } from '@/components/ui/useZodForm';
import { createCampaignInput, updateCampaignInput } from '@/lib/api/inputs/campaigns';
import { database } from '@/lib/db/open';
import { searchLinks } from '@/lib/db/queries';
import type { CampaignRow } from '@/lib/db/schema';
import { assignToCampaign, createCampaign, deleteCampaign, updateCampaign } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

/** Campaigns: create, edit (name, rotator slug, public), delete, assign links; rotator and list URLs. */
export function CampaignsSection() {
  const db = database();
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section className="stack" aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading">Campaigns</h2>
      <CampaignForm submitLabel="Create campaign" onSave={async (input) => void (await createCampaign({ db }, input))} />
      <ul className="stack" aria-label="Campaigns">
        {campaigns.map((c) => (
          <li key={c.key} className="card stack" data-testid="campaign-row">
            <div className="row">
              <strong>{c.name}</strong>
              <span className="muted">{c.public ? 'Public' : 'Private'}</span>
              <SyncBadge state={c.sync} />
              <button type="button" className="secondary" aria-expanded={open === c.key} onClick={() => setOpen(open === c.key ? null : c.key)}>
                Manage {c.name}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  if (window.confirm(`Delete the campaign “${c.name}”? Its links stay, unassigned.`)) void deleteCampaign({ db }, c.key).then(kickSync);
                }}
              >
                Delete {c.name}
              </button>
            </div>
            <p className="muted">
              Rotator: {c.rotator ? <a href={c.rotator}>{c.rotator}</a> : 'none (give it a slug)'} · List page: {c.list ? <a href={c.list}>{c.list}</a> : 'after sync'}
            </p>
            {open === c.key ? <CampaignDetail campaign={c} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CampaignDetail({ campaign }: { campaign: CampaignRow }) {
  const db = database();
  const links = useLiveQuery(() => db.links.where('campaignKey').equals(campaign.key).toArray(), [campaign.key], []);
  const [search, setSearch] = useState('');
  const candidates = useLiveQuery(() => searchLinks(db, search, 50), [search], []);
  const [choice, setChoice] = useState('');
  const searchId = useId();
  const selectId = useId();
  return (
    <div className="stack">
      <CampaignForm
        initial={campaign}
        submitLabel="Save campaign"
        onSave={async (input) => {
          await updateCampaign({ db }, campaign.key, { ...input, name: input.name ?? campaign.name });
        }}
      />
      <h3 className="muted">Links in {campaign.name}</h3>
      <ul data-testid="campaign-links">
        {links.map((l) => (
          <li key={l.key}>
            {l.title ? `${l.title} · ` : ''}
            {l.shorturl || l.longurl} <SyncBadge state={l.sync} />
          </li>
        ))}
        {links.length === 0 ? <li className="muted">None assigned from this browser yet.</li> : null}
      </ul>
      <div className="row">
        <label htmlFor={searchId}>Find a link</label>
        <input id={searchId} type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label htmlFor={selectId}>Link to add to {campaign.name}</label>
        <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">Choose a link</option>
          {candidates.map((l) => (
            <option key={l.key} value={l.key}>
              {l.title || l.shorturl || l.longurl}
            </option>
          ))}
        </select>
        <button
          type="button"
          disabled={!choice}
          onClick={() =>
            void assignToCampaign({ db }, campaign.key, choice).then(() => {
              setChoice('');
              kickSync();
            })
          }
        >
          Add link
        </button>
      </div>
    </div>
  );
}

function CampaignForm({ initial, submitLabel, onSave }: { initial?: CampaignRow; submitLabel: string; onSave: (input: { name?: string; slug?: string; public?: boolean }) => Promise<void> }) {
  const form = useZodForm(initial ? updateCampaignInput : createCampaignInput, { name: initial?.name ?? '', slug: initial?.slug ?? '', public: initial?.public ?? false });
  return (
    <form
      className="stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit(async (input) => {
          await onSave(input);
          if (!initial) form.setValues({ name: '', slug: '', public: false });
          kickSync();
        });
      }}
    >
      <div className="row">
        <Field label="Campaign name" error={form.errors.name}>
          {(p) => <input {...p} value={String(form.values.name)} onChange={(e) => form.set('name', e.target.value)} />}
        </Field>
        <Field label="Rotator slug" error={form.errors.slug} hint="Letters, digits, - and _">
          {(p) => <input {...p} value={String(form.values.slug)} onChange={(e) => form.set('slug', e.target.value)} />}
        </Field>
        <label className="row">
          <input type="checkbox" checked={Boolean(form.values.public)} onChange={(e) => form.set('public', e.target.checked)} /> Public
        </label>
        <button type="submit" disabled={form.busy}>
          {submitLabel}
        </button>
      </div>
      {form.errors._ ? (
        <p role="alert" className="error">
          {form.errors._}
        </p>
      ) : null}
    </form>
  );
}
