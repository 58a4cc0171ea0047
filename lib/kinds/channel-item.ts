import type { EntityTable, Table } from 'dexie';
import type { ChannelItem } from '../api/schemas/channels';
import { formatDatetime } from '../api/schemas/primitives';
import type { ChannelAssignment, ChannelItemRow, Mirrored } from '../db/schema';
import { type MessageKey, words } from '../words';
import { ITEM_TYPES, isItemOf, itemKeyOf, itemTables } from './item-types';
import { existing, type KindSpec } from './kind';
import type { Nested } from './listing';
import type { MirrorWrite } from './mirror-write';

/** A channel item's row key: its channel, its type, and its record's local key (else its id). */
export function channelItemKey(
  channelKey: string,
  type: string,
  itemKey: string | null,
  itemId: number | null,
): string {
  return `${channelKey}|${type}|${itemKey ?? `s${itemId ?? ''}`}`;
}

/** An item as the service lists it in one channel, naming its record by the mirror's key when known. */
export function channelItemRow(channelKey: string, item: ChannelItem, itemKey: string | null): ChannelItemRow {
  return {
    key: channelItemKey(channelKey, item.type, itemKey, item.id),
    channelKey,
    type: item.type,
    itemKey,
    itemId: item.id,
    title: item.title,
    preview: item.preview,
    link: item.link,
    date: item.date,
    sync: 'synced',
  };
}

/** A channel's items, read channel by channel; an item names its link or QR code by the mirror's key when known. */
export const channelItems: Nested<ChannelItemRow, ChannelItem> = {
  parent: 'channel',
  parents: (db) => db.channels as unknown as EntityTable<Mirrored, 'key'>,
  rows: (db) => db.channelItems as Table<ChannelItemRow, string>,
  under: 'channelKey',
  list: (api, channelId, query) => api.listChannelItems(channelId, query),
  sortKey: (item) => item.date,
  rowSortKey: (row) => row.date,
  fromServer: async (db, channelKey, item) => channelItemRow(channelKey, item, await itemKeyOf(db, item.type, item.id)),
  reads: itemTables,
};

/** How putting each type of item into a channel reads. */
const ADD: Record<string, MessageKey> = {
  links: 'change.channelItem.link',
  qr: 'change.channelItem.qr',
  bio: 'change.channelItem.bio',
};

/** An item put into a channel, keyed by its row; the pull walks them channel by channel. */
/**
 * What the mirror shows of an item put into a channel, its record reading as `shown` (a link made in
 * the channel passes its own new row: it is not in the mirror yet).
 */
export function placed(
  { channelKey, type, itemKey, itemId }: ChannelAssignment,
  key: string,
  now: number,
  shown: { title: string; link: string; preview: string },
): MirrorWrite[] {
  const date = formatDatetime(new Date(now)).slice(0, 10);
  // An item is in one channel at a time: assigning it again moves it (as the local service does; the
  // spec does not say). The mirror moves it at once; the next refresh shows where the service keeps it.
  const [where, equals] = itemKey ? ['itemKey', itemKey] : ['[type+itemId]', [type, itemId ?? 0]];
  return [
    { each: 'channelItems', where, equals, fields: null, only: (r) => r.key !== key && r.type === type },
    // Pending from the moment it is queued, with its own entry or with the create of its link.
    { put: 'channelItems', row: { key, channelKey, type, itemKey, itemId, ...shown, date }, made: true },
  ];
}

export const channelItem: KindSpec<'channelItem'> = {
  table: 'channelItems',
  asks: {
    create: {
      change({ channelKey, item }) {
        const [itemKey, itemId] = item.type === 'bio' ? [null, item.id] : [item.key, null];
        const payload = {
          channelKey,
          type: item.type,
          itemKey,
          itemId,
          ...(item.type === 'bio' && { title: item.title }),
        };
        const deps = itemKey ? [channelKey, itemKey] : [channelKey];
        return { payload, key: channelItemKey(channelKey, item.type, itemKey, itemId), deps };
      },
      async needless(db, { channelKey, item }) {
        if (item.type === 'bio') return false;
        const inside = await db.channelItems.where('channelKey').equals(channelKey).toArray();
        return inside.some((i) => isItemOf(i, ITEM_TYPES[item.type].kind) && i.itemKey === item.key);
      },
    },
  },
  async shows(db, { payload }, key, now) {
    const { channelKey, type, itemKey, title = '' } = payload;
    await existing(db.channels, channelKey, 'change.gone.channel');
    const linked = type === 'links' && itemKey ? await existing(db.links, itemKey, 'change.gone.item') : null;
    const code = type === 'qr' && itemKey ? await existing(db.qrs, itemKey, 'change.gone.item') : null;
    const shown = linked
      ? { title: linked.title, link: linked.shorturl, preview: linked.longurl }
      : { title: code?.name ?? title, link: code?.link ?? '', preview: '' };
    return placed(payload, key, now, shown);
  },
  sending: ({ key, ids, payload: { channelKey, type, itemKey, itemId } }) => ({
    async request(api) {
      const id = itemId ?? ids[itemKey ?? '']!;
      await api.assignToChannel(ids[channelKey]!, type, id);
      return [{ patch: 'channelItems', key, fields: { itemId: id } }];
    },
  }),
  // Assigned again before it was sent: one request does it.
  fold: (queued, later) => (queued.kind === 'channelItem' ? later : null),
  describe: ({ payload }) => words(ADD[payload.type] ?? 'change.channelItem.item'),
};
