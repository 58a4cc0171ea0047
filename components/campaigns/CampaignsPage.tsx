import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { database } from '@/lib/db/open';
import { createCampaign, deleteCampaign, updateCampaign } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { EditCampaignForm, NewCampaignForm } from './CampaignForm';
import { CampaignLinks } from './CampaignLinks';
import { CampaignSummary } from './CampaignSummary';
import './campaigns.css';

/**
 * Campaigns: list, create, edit, delete, and links assigned to each. Every change is written to the
 * mirror first and sent by the background worker, so the list updates at once, online or not.
 */
export function CampaignsPage() {
  const db = database();
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  // One panel open at a time keeps the list short; edit and links are separate so neither hides the other's controls.
  const [open, setOpen] = useState<{ key: string; panel: 'edit' | 'links' } | null>(null);
  const toggle = (key: string, panel: 'edit' | 'links') =>
    setOpen(open?.key === key && open.panel === panel ? null : { key, panel });

  return (
    <section className="stack" aria-labelledby="campaigns-heading">
      <h2 id="campaigns-heading">Campaigns</h2>
      <NewCampaignForm onSave={async (input) => void (await createCampaign({ db }, input))} />
      {campaigns.length === 0 ? <p className="muted">No campaigns yet.</p> : null}
      <ul className="stack" aria-label="Campaigns">
        {campaigns.map((campaign) => (
          <li key={campaign.key} className="card stack" data-testid="campaign-row">
            <CampaignSummary
              campaign={campaign}
              open={open?.key === campaign.key ? open.panel : null}
              onToggle={(panel) => toggle(campaign.key, panel)}
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
                    void deleteCampaign({ db }, campaign.key).then(kickSync);
                }}
              />
            ) : null}
            {open?.key === campaign.key && open.panel === 'edit' ? (
              <EditCampaignForm
                campaign={campaign}
                onSave={async (input) => {
                  await updateCampaign({ db }, campaign.key, input);
                  setOpen(null);
                }}
              />
            ) : null}
            {open?.key === campaign.key && open.panel === 'links' ? <CampaignLinks campaign={campaign} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
