import { linkFieldsInput } from '../api/inputs/links';
import type { Link, LinkDetail } from '../api/schemas/links';
import { validateInput } from '../api/validate-input';
import { aliasOf, channelItemKey, linkFromInput as fromInput, linkRow, originOf, withLinkWords } from '../db/rows';
import type { Change, LinkRow, LinkStatsRow, QueuedLink } from '../db/schema';
import { normalizeLongUrl } from '../db/search-words';
import { channelItem } from './channel-item';
import { syncStateOf } from './ids';
import { type Creation, describing, existing, labelled, type RecordKind, sendCreate } from './kind';
import type { Counting, Detail, Listing, Shown } from './listing';
import { withDetail } from './listing';

/** Its long URL, and its alias when one was asked for. */
const fits = ({ input }: QueuedLink, link: { longurl: string; shorturl: string; alias?: string }) =>
  normalizeLongUrl(link.longurl) === normalizeLongUrl(input.url) &&
  (!input.custom || link.shorturl.endsWith(`/${input.custom}`) || link.alias === input.custom);

const listing: Listing<LinkRow, Link> = {
  kind: 'link',
  rows: (db) => db.links,
  list: (api, query) => api.listLinks({ ...query, order: 'date' }),
  fromServer: linkRow,
  content: ['alias', 'shorturl', 'longurl', 'title', 'description', 'date'],
  // Listed with order=date, newest first by the service's datetime (ties in any order).
  position: { index: 'date', ofItem: (l) => l.date, ofRow: (r) => (r.input ? null : r.date || null) },
  madeBy: (change, item) => change.kind === 'link' && fits(change.payload, item),
  forget: (db, keys) => db.linkStats.bulkDelete(keys),
  // A custom alias is unique on the service: a copy of such a link is refused, not made.
  // The same address, not just the same page: a link made again with other UTM values is no copy.
  lookAlike: (pulled, mine) =>
    !mine.input?.custom && normalizeLongUrl(pulled.longurl) === normalizeLongUrl(mine.longurl),
};

const creation: Creation<QueuedLink, Link, { shorturl?: string }> = {
  async make({ api }, { input, channelKey, campaignKey }, ids) {
    const channel = channelKey ? ids[channelKey] : undefined;
    const campaign = campaignKey ? ids[campaignKey] : undefined;
    const { id, shorturl } = await api.createLink({
      ...input,
      ...(channel && { channel }),
      ...(campaign && { campaign }),
    });
    return { id, extra: shorturl ? { shorturl } : {} };
  },
  async find({ api, db }, payload) {
    const unknown = async (id: number) => (await db.links.where('id').equals(id).count()) === 0;
    const { custom, url } = payload.input;
    const candidates = custom
      ? [(await api.findLinkByShortUrl(custom))?.details].filter((d) => d !== undefined)
      : (await api.listLinks({ q: url, order: 'date', limit: 50 })).items;
    for (const link of candidates)
      if (fits(payload, link) && (await unknown(link.id)))
        return { id: link.id, extra: link.shorturl ? { shorturl: link.shorturl } : {} };
    return null;
  },
  // The answer need not carry the short URL: ask for it, never for a second link.
  lacking: (row) => (row.shorturl ? null : async (api, id) => ({ shorturl: (await api.getLink(id)).details.shorturl })),
  // With the short URL come the row's alias, domain and words, and its channel items learn its id.
  follow: {
    tables: ['channelItems'],
    async write(db, row, id) {
      const made = row as unknown as LinkRow;
      const { key, shorturl } = made;
      // The channel it was created in came with the create; later assignments wait for their own entries.
      for (const item of await db.channelItems.where('itemKey').equals(key).toArray())
        await db.channelItems.update(item.key, { itemId: id, link: shorturl, sync: await syncStateOf(db, item.key) });
      return withLinkWords({
        ...made,
        alias: aliasOf(shorturl) || made.alias,
        domain: made.domain || originOf(shorturl),
      });
    },
  },
};

export const link: RecordKind<'link', LinkRow, Link> = {
  table: 'links',
  listing,
  async apply(db, { payload }, key, now) {
    const { channelKey, campaignKey } = payload;
    if (campaignKey) await existing(db.campaigns, campaignKey, 'change.gone.campaign');
    await db.links.add(fromInput(payload, key, now));
    // Its channel comes with the create: the item shows at once, and is synced with the link.
    if (channelKey) {
      const item: Change<'channelItem'> = {
        kind: 'channelItem',
        op: 'create',
        payload: { channelKey, type: 'links', itemKey: key, itemId: null },
      };
      await channelItem.apply(db, item, channelItemKey(channelKey, 'links', key, null), now);
    }
  },
  send: (ctx, entry) => sendCreate(ctx, entry, 'links', creation),
  describe: ({ payload: { input } }) =>
    describing('change.link.create', 'change.link.createNamed', input.custom ?? input.url),
  editable: ({ payload }) =>
    labelled({ url: 'change.label.longUrl', custom: 'change.label.customAlias' }, payload.input),
  async edit(db, { key, payload }, fields) {
    const next = { ...payload, input: validateInput(linkFieldsInput, { ...payload.input, ...fields }) };
    // Its date and campaign stay the row's own: the create's moment, and whatever was assigned since.
    const { date: _date, campaignKey: _campaign, ...row } = fromInput(next, key, 0);
    await db.links.update(key, row);
    return { kind: 'link', op: 'create', payload: next };
  },
};

// ── The refresh's side: how a link on screen is kept fresh (lib/kinds/shown.ts) ──────────────────

/** A link's details and statistics (its quick stats, its detail panel), also written by a look-up by short URL. */
export const linkDetail: Detail<LinkRow, LinkDetail, LinkStatsRow> = {
  read: (api, id) => api.getLink(id),
  stats: (db) => db.linkStats,
  statsRow: (key, { stats, details }, at) => ({
    key,
    stats,
    location: details.location,
    device: details.device,
    expiry: details.expiry,
    fetchedAt: at,
  }),
  // A list page may have brought a newer total meanwhile: the higher one stands.
  total: ({ details, stats }, before) => ({
    id: details.id,
    total: Math.max(stats.clicks, before),
    unique: stats.uniqueClicks,
  }),
  withTotal: (clicks) => ({ clicks }),
  notSent: 'syncProblem.linkNotSent',
};

export const linkShown: Shown = { how: 'detail', withDetail: withDetail(listing, linkDetail) };

/** A link's clicks, kept over time. */
export const linkCounting: Counting = {
  history: (db) => db.linkHistory,
  recent: (db) => db.linkRecent,
  field: 'clicks',
  noun: 'click',
  overTime: 'trends.clicksOverTime',
};
