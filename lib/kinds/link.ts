import { type LinkEdit, type LinkFields, linkEditInput, linkFieldsInput, validLink } from '../api/inputs/links';
import type { Link, LinkDetail } from '../api/schemas/links';
import { validateInput } from '../api/validate-input';
import { aliasOf, originOf } from '../db/rows';
import type { LinkpilotDb, LinkRow, LinkShown, LinkStatsRow, QueuedLink } from '../db/schema';
import { normalizeLongUrl } from '../db/search-words';
import { channelItemKey, placed } from './channel-item';
import { undone } from './edits';
import { type Creation, creating, describing, existing, goneAsNull, labelled, present, type RecordKind } from './kind';
import { linkFromInput as fromInput, linkRow, withLinkWords } from './link-row';
import type { Counting, Detail, Listing, Shown } from './listing';
import { withDetail } from './listing';
import type { MirrorWrite } from './mirror-write';
import type { Row } from './table';

/** Its long URL, and its alias when one was asked for. */
const fits = ({ input }: QueuedLink, link: { longurl: string; shorturl: string; alias?: string }) =>
  normalizeLongUrl(link.longurl) === normalizeLongUrl(input.url) &&
  (!input.custom || link.shorturl.endsWith(`/${input.custom}`) || link.alias === input.custom);

/** A create's fields with an edit laid over them: `null` takes a field away. */
function withEditOf(fields: LinkFields, edit: LinkEdit): LinkFields {
  const out: Record<string, unknown> = { ...fields };
  for (const [name, value] of Object.entries(edit)) {
    if (name === 'channel' || name === 'campaign' || value === undefined) continue;
    if (value === null) delete out[name];
    else out[name] = value;
  }
  return out as LinkFields;
}

/** What the mirror shows of a link once an edit is made: the service's own answer corrects it. */
function edited(row: LinkRow, edit: LinkEdit): LinkRow {
  const alias = edit.custom ?? row.alias;
  return withLinkWords({
    ...row,
    longurl: edit.url,
    alias,
    // The short URL ends in the alias; the service's answer says it in full.
    shorturl: alias !== row.alias && row.shorturl ? row.shorturl.replace(/[^/]*$/, alias) : row.shorturl,
    title: edit.metatitle || row.title,
    description: edit.description ?? row.description,
    status: edit.status ?? row.status,
    campaignKey: edit.campaign === null ? null : row.campaignKey,
    input: row.input && withEditOf(row.input, edit),
  });
}

/** The part of a row an edit changes, as it was: put back if the edit is refused or not offered. */
export const shownOf = (row: LinkRow): LinkShown => ({
  alias: row.alias,
  shorturl: row.shorturl,
  longurl: row.longurl,
  longurlKey: row.longurlKey,
  title: row.title,
  description: row.description,
  status: row.status,
  input: row.input,
  words: row.words,
  campaignKey: row.campaignKey,
});

/** A link that leaves a channel leaves it at once in the mirror too. */
const leaveChannels = (key: string): MirrorWrite => ({
  each: 'channelItems',
  where: 'itemKey',
  equals: key,
  fields: null,
});

const listing: Listing<LinkRow, Link> = {
  kind: 'link',
  rows: (db) => db.links,
  list: (api, query) => api.listLinks({ ...query, order: 'date' }),
  fromServer: linkRow,
  content: ['alias', 'shorturl', 'longurl', 'title', 'description', 'date'],
  // Listed with order=date, newest first by the service's datetime (ties in any order).
  position: { index: 'date', ofItem: (l) => l.date, ofRow: (r) => (r.input ? null : r.date || null) },
  madeBy: (change, item) => change.kind === 'link' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, change) =>
    change.kind === 'link' && change.op === 'update' ? edited(row, change.payload.input) : row,
  hanging: { stats: (db) => db.linkStats },
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
    of(row, id) {
      const made = row as unknown as LinkRow;
      const { key, shorturl } = made;
      return {
        row: withLinkWords({
          ...made,
          alias: aliasOf(shorturl) || made.alias,
          domain: made.domain || originOf(shorturl),
        }),
        // The channel it was created in came with the create; later assignments wait for their own entries.
        writes: [{ each: 'channelItems', where: 'itemKey', equals: key, fields: { itemId: id, link: shorturl } }],
      };
    },
  },
};

/** The account's links that hold an alias, compared as the service compares it (case ignored). */
export function aliasHolders(db: LinkpilotDb, alias: string) {
  return db.links.where('alias').equalsIgnoreCase(alias).toArray();
}

export const link: RecordKind<'link', LinkRow, Link> = {
  table: 'links',
  listing,
  asks: {
    // Waits for its channel and campaign, which may themselves be waiting to be created.
    create: {
      change({ input, channelKey = null, campaignKey = null, key }) {
        const deps = [channelKey, campaignKey].filter((k) => k !== null);
        return { payload: { input, channelKey, campaignKey }, deps, ...(key && { key }) };
      },
    },
    // Its clicks, statistics and history stay: it is the same link. A change of channel or campaign
    // is an assignment of its own.
    update: {
      offered: 'linkEdit',
      change(asked, found, now) {
        const input = validLink(linkEditInput, asked, new Date(now));
        return { payload: { input, was: shownOf(present<LinkRow>(found, 'change.gone.link')) } };
      },
    },
    delete: {
      offered: 'linkDelete',
      change: (_asked, row) => ({ payload: { row: present<LinkRow>(row, 'change.gone.link') } }),
    },
  },
  unique: [{ field: 'custom', message: 'refusal.aliasTaken', holders: aliasHolders }],
  async shows(db, change, key, now) {
    switch (change.op) {
      case 'create': {
        const { payload } = change;
        const { channelKey, campaignKey } = payload;
        if (campaignKey) await existing(db.campaigns, campaignKey, 'change.gone.campaign');
        const row = fromInput(payload, key, now);
        const made: MirrorWrite = { put: 'links', row, made: true };
        if (!channelKey) return [made];
        // Its channel comes with the create: the item shows at once, and is synced with the link.
        await existing(db.channels, channelKey, 'change.gone.channel');
        const item = { channelKey, type: 'links', itemKey: key, itemId: null } as const;
        const shown = { title: row.title, link: row.shorturl, preview: row.longurl };
        return [made, ...placed(item, channelItemKey(channelKey, 'links', key, null), now, shown)];
      }
      case 'update': {
        const row = await existing(db.links, key, 'change.gone.link');
        const left = change.payload.input.channel === null ? [leaveChannels(key)] : [];
        return [...left, { put: 'links', row: edited(row, change.payload.input) }];
      }
      case 'delete':
        // Gone from the mirror at once; it comes back if the service refuses the delete or lacks it.
        return [{ remove: 'links', key }];
      default:
        return change satisfies never;
    }
  },
  sending(entry) {
    switch (entry.op) {
      case 'create':
        return creating('links', creation, entry.payload);
      case 'update':
        return {
          edit: {
            capability: 'linkEdit',
            table: 'links',
            was: entry.payload.was,
            async request(api, id) {
              const { shorturl } = await api.updateLink(id, entry.payload.input);
              if (!shorturl) return [];
              const answered = (row: Row) => {
                const link = row as unknown as LinkRow;
                return withLinkWords({ ...link, shorturl, alias: aliasOf(shorturl) || link.alias });
              };
              return [{ patch: 'links', key: entry.key, fields: answered }];
            },
          },
        };
      case 'delete':
        return {
          removal: {
            capability: 'linkDelete',
            table: 'links',
            row: entry.payload.row,
            request: (api, id) => api.deleteLink(id),
            gone: [{ remove: 'linkStats', key: entry.key }, leaveChannels(entry.key)],
          },
        };
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later, sent) {
    if (queued.kind !== 'link' || later.op !== 'update') return null;
    const edit = later.payload.input;
    // A create that may have made the link already is looked up by what it sent (lib/sync/create.ts):
    // the edit then follows as an update of its own instead of changing what is looked for.
    if (queued.op === 'create' && !sent) {
      const { payload } = queued;
      return {
        kind: 'link',
        op: 'create',
        payload: {
          input: withEditOf(payload.input, edit),
          channelKey: edit.channel === null ? null : payload.channelKey,
          campaignKey: edit.campaign === null ? null : payload.campaignKey,
        },
      };
    }
    if (queued.op === 'update')
      return {
        kind: 'link',
        op: 'update',
        payload: { input: { ...queued.payload.input, ...edit }, was: queued.payload.was },
      };
    return null;
  },
  describe(change) {
    switch (change.op) {
      case 'create':
        return describing(
          'change.link.create',
          'change.link.createNamed',
          change.payload.input.custom ?? change.payload.input.url,
        );
      case 'update':
        return describing(
          'change.link.update',
          'change.link.updateNamed',
          change.payload.input.custom ?? change.payload.input.url,
        );
      case 'delete':
        return describing(
          'change.link.delete',
          'change.link.deleteNamed',
          change.payload.row.alias || change.payload.row.longurl,
        );
      default:
        return change satisfies never;
    }
  },
  editable: (change) =>
    change.op === 'create'
      ? labelled({ url: 'change.label.longUrl', custom: 'change.label.customAlias' }, change.payload.input)
      : [],
  edit(entry, fields) {
    if (entry.op !== 'create') return null;
    const { key, payload } = entry;
    const next = { ...payload, input: validateInput(linkFieldsInput, { ...payload.input, ...fields }) };
    // Its date and campaign stay the row's own: the create's moment, and whatever was assigned since.
    const { date: _date, campaignKey: _campaign, ...row } = fromInput(next, key, 0);
    return { change: { kind: 'link', op: 'create', payload: next }, writes: [{ patch: 'links', key, fields: row }] };
  },
  discard: (entry) => (entry.op === 'create' ? null : undone('links', entry)),
  twoWriters: {
    // What the service lets us read back of a link; its other fields (targets, expiry…) are sent as set here.
    fields: { url: 'longurl', custom: 'alias', metatitle: 'title', description: 'description' },
    // The service requires the long URL in every edit: unchanged here, it is sent as the service has it.
    required: ['url'],
    changes: (change) => (change.op === 'update' ? { ...change.payload.input } : {}),
    withChanges: (change, changes) =>
      change.op === 'update' ? { ...change, payload: { ...change.payload, input: changes as LinkEdit } } : change,
    async read(api, id, existing, at) {
      const found = await api.getLink(id).catch(goneAsNull);
      if (!found) return null;
      const { details, stats } = found;
      const item: Link = { ...details, alias: aliasOf(details.shorturl), clicks: stats.clicks };
      return listing.fromServer(item, existing as LinkRow | undefined, at) as unknown as Row;
    },
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
  reads: (db) => db.linkReads,
  field: 'clicks',
  noun: 'click',
  overTime: 'trends.clicksOverTime',
  trends: true,
};
