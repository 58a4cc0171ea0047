import * as inputs from '../../api/inputs/campaigns';
import type { Campaign } from '../../api/schemas/campaigns';
import { validateInput } from '../../api/validate-input';
import { campaignRow, campaignFromInput as fromInput } from '../../db/rows';
import type { CampaignRow } from '../../db/schema';
import {
  type Creation,
  deleted,
  findListed,
  type Listing,
  type RecordKind,
  type SendContext,
  sendCreate,
  sentence,
  unsent,
} from './kind';

const fits = ({ slug, name }: inputs.CreateCampaignInput, c: Campaign) =>
  slug ? (c.rotator ?? '').endsWith(`/${slug}`) : name !== undefined && c.name === name;

const listing: Listing<CampaignRow, Campaign> = {
  rows: (db) => db.campaigns,
  list: (api, query) => api.listCampaigns(query),
  fromServer: campaignRow,
  madeBy: (change, item) => change.kind === 'campaign' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, { kind, op, payload }) =>
    kind === 'campaign' && op === 'update'
      ? { ...row, name: payload.name, slug: payload.slug ?? row.slug, public: payload.public ?? row.public }
      : row,
  // A campaign with a slug cannot be doubled: the service refuses the copy.
  lookAlike: (pulled, mine) => pulled.name === mine.name && !mine.rotator,
};

/** Answered with the campaign, whose rotator and list URLs the mirror keeps. */
async function update({ api, db }: SendContext, key: string, id: number, patch: inputs.UpdateCampaignInput) {
  const { rotator, list } = await api.updateCampaign(id, patch);
  await db.campaigns.update(key, { rotator, list });
}

const creation: Creation<inputs.CreateCampaignInput, Campaign> = {
  async make({ api }, payload) {
    const { id, rotator, list } = await api.createCampaign(payload);
    return { id, extra: { rotator, list } };
  },
  find: async (ctx, payload) => {
    const listed = await findListed(ctx, listing, (c) => fits(payload, c));
    return listed && { id: listed.id, listed };
  },
  async complete(ctx, key, id, payload, listed) {
    // The listing shows no slug, so what it shows is compared; every update needs a name.
    const name = payload.name ?? listed?.name;
    if (name === undefined || (listed && !unsent(listed, { name: payload.name, public: payload.public }))) return;
    await update(ctx, key, id, { ...payload, name });
  },
};

export const campaign: RecordKind<'campaign', CampaignRow, Campaign, inputs.CreateCampaignInput> = {
  table: 'campaigns',
  listing,
  fromInput,
  async send(ctx, entry) {
    const id = entry.ids[entry.key]!;
    switch (entry.op) {
      case 'create':
        return sendCreate(ctx, entry, 'campaigns', creation);
      case 'update':
        return update(ctx, entry.key, id, entry.payload);
      case 'delete':
        return deleted(ctx.api.deleteCampaign(id));
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later) {
    if (queued.kind !== 'campaign' || later.op !== 'update') return null;
    if (queued.op === 'create') return { ...queued, payload: { ...queued.payload, ...later.payload } };
    return queued.op === 'update' ? { ...queued, payload: { ...queued.payload, ...later.payload } } : null;
  },
  describe: (change) => sentence('campaign', change.op, change.payload?.name),
  editable: ({ op, payload }) =>
    op === 'create'
      ? [
          { name: 'name', label: 'Campaign name', value: payload.name ?? '' },
          { name: 'slug', label: 'Rotator slug', value: payload.slug ?? '' },
        ]
      : [],
  async edit(db, { op, key, payload }, fields) {
    if (op !== 'create') return null;
    const next = validateInput(inputs.createCampaignInput, { ...payload, ...fields });
    await db.campaigns.update(key, fromInput(next));
    return { kind: 'campaign', op: 'create', payload: next };
  },
};
