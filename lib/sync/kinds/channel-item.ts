import type { KindSpec } from './kind';

const NOUN: Record<string, string> = { links: 'link', qr: 'QR code', bio: 'bio page' };

/** An item put into a channel, keyed by its row; the pull walks them channel by channel. */
export const channelItem: KindSpec<'channelItem'> = {
  table: 'channelItems',
  async send({ api, db }, { key, ids, payload: { channelKey, type, itemKey, itemId } }) {
    const id = itemId ?? ids[itemKey ?? '']!;
    await api.assignToChannel(ids[channelKey]!, type, id);
    await db.channelItems.update(key, { itemId: id });
  },
  // Assigned again before it was sent: one request does it.
  fold: (queued, later) => (queued.kind === 'channelItem' ? later : null),
  describe: ({ payload }) => `Add ${NOUN[payload.type] ?? 'item'} to a channel`,
  editable: () => [],
  edit: async () => null,
};
