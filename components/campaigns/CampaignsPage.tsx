import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { askFirst } from '@/components/state/confirm';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { Megaphone, Plus } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { database } from '@/lib/db/open';
import type { CampaignRow } from '@/lib/db/schema';
import { create, remove, update } from '@/lib/sync/actions';
import { createAnswered } from '@/lib/sync/answer';
import { kickSync } from '@/lib/sync/kick';
import { EditCampaignForm, NewCampaignForm } from './CampaignForm';
import { CampaignLinks } from './CampaignLinks';
import { CampaignSummary } from './CampaignSummary';
import './campaigns.css';
import { t } from '@/lib/browser/i18n';

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
      <Plus size={16} aria-hidden="true" /> {t('campaignForm.newCampaign')}
    </button>
  );

  return (
    <section className="stack-lg" aria-labelledby="campaigns-heading">
      <SectionHead id="campaigns-heading" title={t('campaignsPage.campaigns')}>
        {newCampaign}
      </SectionHead>
      <p className="muted">{t('campaignsPage.aCampaignGathersLinks')}</p>
      {campaigns && campaigns.length === 0 ? (
        <EmptyState icon={Megaphone} title={t('campaignsPage.noCampaignsYet')} action={newCampaign}>
          {t('campaignsPage.makeOneForA')}
        </EmptyState>
      ) : null}
      <ul className="stack" aria-label={t('campaignsPage.campaigns')}>
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
                onDelete={async () => {
                  const yes = await askFirst({
                    title: t('confirm.deleteCopy'),
                    consequence: t('campaigns.confirmDeleteCopy', { name: campaign.name }),
                    action: t('campaignSummary.delete'),
                  });
                  if (yes) void remove({ db }, 'campaign', [campaign.key]).then(kickSync);
                }}
              />
            ) : null}
            {linksOf === campaign.key ? <CampaignLinks campaign={campaign} /> : null}
          </li>
        ))}
      </ul>
      {creating ? (
        <Dialog title={t('campaignForm.newCampaign')} onClose={() => setCreating(false)}>
          <NewCampaignForm
            onSave={async (input) => {
              await createAnswered(db, (ctx) => create(ctx, 'campaign', input));
              setCreating(false);
            }}
          />
        </Dialog>
      ) : null}
      {editing ? (
        <Dialog title={t('common.editItem', { name: editing.name })} onClose={() => setEditing(null)}>
          <EditCampaignForm
            campaign={editing}
            onSave={async (input) => {
              await update({ db }, 'campaign', editing.key, input);
              setEditing(null);
            }}
          />
        </Dialog>
      ) : null}
    </section>
  );
}
