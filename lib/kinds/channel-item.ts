import { formatDatetime } from '../api/schemas/primitives';
import { type MessageKey, words } from '../words';
import { existing, type KindSpec } from './kind';

/** How putting each type of item into a channel reads. */
const ADD: Record<string, MessageKey> = {
  links: 'change.channelItem.link',
  qr: 'change.channelItem.qr',
  bio: 'change.channelItem.bio',
};

/** An item put into a channel, keyed by its row; the pull walks them channel by channel. */
export const channelItem: KindSpec<'channelItem'> = {
  table: 'channelItems',
  async apply(db, { payload: { channelKey, type, itemKey, itemId, title = '' } }, key, now) {
    await existing(db.channels, channelKey, 'change.gone.channel');
    const linked = type === 'links' && itemKey ? await existing(db.links, itemKey, 'change.gone.item') : null;
    const code = type === 'qr' && itemKey ? await existing(db.qrs, itemKey, 'change.gone.item') : null;
    const shown = linked
      ? { title: linked.title, link: linked.shorturl, preview: linked.longurl }
      : { title: code?.name ?? title, link: code?.link ?? '', preview: '' };
    const date = formatDatetime(new Date(now)).slice(0, 10);
    // An item is in one channel at a time: assigning it again moves it (as the local service does; the
    // spec does not say). The mirror moves it at once; the next refresh shows where the service keeps it.
    const rows = itemKey
      ? db.channelItems.where('itemKey').equals(itemKey)
      : db.channelItems.where('[type+itemId]').equals([type, itemId ?? 0]);
    await rows.filter((r) => r.key !== key && r.type === type).delete();
    return db.channelItems.put({ key, channelKey, type, itemKey, itemId, ...shown, date, sync: 'pending' });
  },
  async send({ api, db }, { key, ids, payload: { channelKey, type, itemKey, itemId } }) {
    const id = itemId ?? ids[itemKey ?? '']!;
    await api.assignToChannel(ids[channelKey]!, type, id);
    await db.channelItems.update(key, { itemId: id });
  },
  // Assigned again before it was sent: one request does it.
  fold: (queued, later) => (queued.kind === 'channelItem' ? later : null),
  describe: ({ payload }) => words(ADD[payload.type] ?? 'change.channelItem.item'),
};
