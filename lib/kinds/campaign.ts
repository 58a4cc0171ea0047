import type { ApiClient } from '../api/client';
import * as inputs from '../api/inputs/campaigns';
import type { Campaign } from '../api/schemas/campaigns';
import { freshRow, pulledRow } from '../db/rows';
import type { CampaignRow } from '../db/schema';
import { fieldKind } from './fields';
import { unsent } from './kind';
import type { MirrorWrite } from './mirror-write';

/** Answered with the campaign, whose rotator and list URLs the mirror keeps. */
async function update(
  api: ApiClient,
  key: string,
  id: number,
  patch: inputs.UpdateCampaignInput,
): Promise<MirrorWrite[]> {
  const { rotator, list } = await api.updateCampaign(id, patch);
  return [{ patch: 'campaigns', key, fields: { rotator, list } }];
}

/* Server records and queued creates → mirror rows (see lib/db/rows.ts for the rule they keep). */

export function campaignRow(campaign: Campaign, existing: CampaignRow | undefined, pulledAt: number): CampaignRow {
  return {
    ...pulledRow(campaign.id, existing, pulledAt),
    name: campaign.name,
    slug: slugOf(campaign.rotator) ?? existing?.slug ?? null,
    public: campaign.public,
    rotator: campaign.rotator,
    list: campaign.list,
  };
}

function slugOf(rotator: string | null): string | null {
  if (!rotator) return null;
  try {
    return new URL(rotator).pathname.split('/').filter(Boolean).pop() ?? null;
  } catch {
    return null;
  }
}

export const campaignFromInput = (input: inputs.CreateCampaignInput, key: string): CampaignRow => ({
  ...freshRow(key),
  name: input.name ?? 'New campaign',
  slug: input.slug ?? null,
  public: input.public ?? false,
  rotator: null,
  list: '',
});

export const campaign = fieldKind<
  'campaign',
  CampaignRow,
  Campaign,
  inputs.CreateCampaignInput,
  inputs.UpdateCampaignInput
>({
  kind: 'campaign',
  unique: [
    {
      field: 'name',
      message: 'refusal.campaignNameUsed',
      holders: (db, name) => db.campaigns.where('name').equalsIgnoreCase(name).toArray(),
    },
    {
      field: 'slug',
      message: 'refusal.slugTaken',
      holders: (db, slug) => db.campaigns.filter((c) => c.slug?.toLowerCase() === slug.toLowerCase()).toArray(),
    },
  ],
  table: 'campaigns',
  mine: (change) => change,
  own: (change) => (change.kind === 'campaign' ? change : null),
  wrap: (change) => ({ kind: 'campaign', ...change }),
  createInput: inputs.createCampaignInput,
  updateInput: inputs.updateCampaignInput,
  rows: (db) => db.campaigns,
  fromInput: campaignFromInput,
  fromServer: campaignRow,
  content: ['name', 'public', 'rotator', 'list'],
  edited: (row, { name, slug, public: open }) => ({ ...row, name, slug: slug ?? row.slug, public: open ?? row.public }),
  list: (api, query) => api.listCampaigns(query),
  fits: ({ slug, name }, c) => (slug ? (c.rotator ?? '').endsWith(`/${slug}`) : name !== undefined && c.name === name),
  // A campaign with a slug cannot be doubled: the service refuses the copy.
  lookAlike: (pulled, mine) => pulled.name === mine.name && !mine.rotator,
  async make({ api }, payload) {
    const { id, rotator, list } = await api.createCampaign(payload);
    return { id, extra: { rotator, list } };
  },
  async complete({ api }, key, id, payload, listed) {
    // The listing shows no slug, so what it shows is compared; every update needs a name.
    const name = payload.name ?? listed?.name;
    if (name === undefined || (listed && !unsent(listed, { name: payload.name, public: payload.public }))) return [];
    return update(api, key, id, { ...payload, name });
  },
  update,
  remove: (api, id) => api.deleteCampaign(id),
  alsoDelete: (key) => [{ each: 'links', where: 'campaignKey', equals: key, fields: { campaignKey: null } }],
  // Its slug shows only inside the rotator's URL: sent as set here.
  readable: { name: 'name', public: 'public' },
  required: ['name'],
  labels: { name: 'change.label.campaignName', slug: 'change.label.rotatorSlug' },
});
