import { useLiveQuery } from 'dexie-react-hooks';
import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { SectionHead } from '@/components/ui/SectionHead';
import { database } from '@/lib/db/open';
import type { CampaignRow } from '@/lib/db/schema';
import { createCampaign, deleteRecord, updateCampaign } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { EditCampaignForm, NewCampaignForm } from './CampaignForm';
import { CampaignLinks } from './CampaignLinks';
import { CampaignSummary } from './CampaignSummary';
import './campaigns.css';

/**
 * Campaigns: the list first; create and edit in a dialog; a campaign's links open under it. Every change is written to the
 * mirror first and sent by the background worker, so the list updates at once, online or not.
 */
export function CampaignsPage() {
  const db = database();
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], undefined);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CampaignRow | null>(null);
  const [linksOf, setLinksOf] = useState<string | null>(null);
  const newCampaign = (
    <button type="button" onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden="true" /> New campaign
    </button>
  );

  return (
    <section className="stack-lg" aria-labelledby="campaigns-heading">
      <SectionHead id="campaigns-heading" title="Campaigns">
        {newCampaign}
      </SectionHead>
      <p className="muted">
        A campaign gathers links under one rotator URL that sends each visitor to one of them in turn.
      </p>
      {campaigns && campaigns.length === 0 ? (
        <EmptyState icon={Megaphone} title="No campaigns yet" action={newCampaign}>
          Make one for a launch or a promotion, then add its links.
        </EmptyState>
      ) : null}
      <ul className="stack" aria-label="Campaigns">
        {campaigns?.map((campaign) => (
          <li key={campaign.key} className="card stack" data-testid="campaign-row">
            <CampaignSummary
              campaign={campaign}
              linksOpen={linksOf === campaign.key}
              onEdit={() => setEditing(campaign)}
              onToggleLinks={() => setLinksOf(linksOf === campaign.key ? null : campaign.key)}
            />
            {campaign.twinOf ? (
              <TwinNotice
                name={campaign.name}
                onDelete={() => {
                  if (
                    window.confirm(
                      `Delete this copy of “${campaign.name}” from the service? The campaign made here stays.`,
                    )
                  )
                    void deleteRecord({ db }, 'campaign', campaign.key).then(kickSync);
                }}
              />
            ) : null}
            {linksOf === campaign.key ? <CampaignLinks campaign={campaign} /> : null}
          </li>
        ))}
      </ul>
      {creating ? (
        <Dialog title="New campaign" onClose={() => setCreating(false)}>
          <NewCampaignForm
            onSave={async (input) => {
              await createCampaign({ db }, input);
              setCreating(false);
            }}
          />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog title={`Edit ${editing.name}`} onClose={() => setEditing(null)}>
          <EditCampaignForm
            campaign={editing}
            onSave={async (input) => {
              await updateCampaign({ db }, editing.key, input);
              setEditing(null);
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
