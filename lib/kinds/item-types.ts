import type { Table } from 'dexie';
import type { ChannelItemType } from '../api/schemas/channels';
import type { Kind, LinkpilotDb, Mirrored } from '../db/schema';
import type { MessageKey } from '../words';

interface ItemType {
  /** The kind of record the item names, mirrored here by its key; null when only its id is known. */
  kind: Kind | null;
  /** The mirror's key of the record with this server id. */
  keyOf?(db: LinkpilotDb, id: number): Promise<string | undefined>;
  table?(db: LinkpilotDb): Table;
  /** What people call it, in a channel's list of items. */
  label: MessageKey;
}

const keyOf = (row: Mirrored | undefined) => row?.key;

/**
 * What a channel's item may be, by the API's item type: a link or a QR code, mirrored here and
 * named by its key, or a bio page, which exists only on the service and is known by its id.
 */
export const ITEM_TYPES = {
  links: {
    kind: 'link',
    keyOf: async (db, id) => keyOf(await db.links.where('id').equals(id).first()),
    table: (db) => db.links,
    label: 'link.groupLink',
  },
  qr: {
    kind: 'qr',
    keyOf: async (db, id) => keyOf(await db.qrs.where('id').equals(id).first()),
    table: (db) => db.qrs,
    label: 'pageLink.qr',
  },
  bio: { kind: null, label: 'channelItems.bioPage' },
} as const satisfies Record<ChannelItemType, ItemType>;

export const isItemType = (type: string): type is ChannelItemType => type in ITEM_TYPES;

/** The tables whose records items name by key, for a transaction that writes items. */
export const itemTables = (db: LinkpilotDb) =>
  Object.values(ITEM_TYPES).flatMap((t: ItemType) => (t.table ? [t.table(db)] : []));

/** The mirror's key of the record an item names, if it is mirrored here. */
export async function itemKeyOf(db: LinkpilotDb, type: string, id: number): Promise<string | null> {
  const spec: ItemType | null = isItemType(type) ? ITEM_TYPES[type] : null;
  return (await spec?.keyOf?.(db, id)) ?? null;
}

/** Whether an item names a record of this kind. */
export const isItemOf = (item: { type: string }, kind: Kind): boolean =>
  isItemType(item.type) && ITEM_TYPES[item.type].kind === kind;
