import { words } from '../words';
import { existing, type KindSpec, requestOnly } from './kind';

/** A link put into a campaign, keyed by the link: it belongs to one campaign, the newest choice wins. */
export const campaignLink: KindSpec<'campaignLink'> = {
  table: 'links',
  asks: {
    create: {
      change: ({ campaignKey, key }) => ({ payload: { campaignKey }, key, deps: [campaignKey, key] }),
      // Already in that campaign, or gone.
      async needless(db, { campaignKey, key }) {
        const row = await db.links.get(key);
        return !row || row.campaignKey === campaignKey;
      },
    },
  },
  async shows(db, { payload: { campaignKey } }, key) {
    await existing(db.campaigns, campaignKey, 'change.gone.campaign');
    await existing(db.links, key, 'change.gone.link');
    return [{ patch: 'links', key, fields: { campaignKey } }];
  },
  sending: ({ key, ids, payload }) => ({
    request: requestOnly((api) => api.assignToCampaign(ids[payload.campaignKey]!, ids[key]!)),
  }),
  fold: (queued, later) => (queued.kind === 'campaignLink' ? later : null),
  describe: () => words('change.campaignLink'),
  // The link stays: only the assignment is given up.
  discard: () => [],
};
