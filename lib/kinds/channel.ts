import * as inputs from '../api/inputs/channels';
import type { Channel } from '../api/schemas/channels';
import { freshRow, pulledRow } from '../db/rows';
import type { ChannelRow } from '../db/schema';
import { fieldKind } from './fields';
import { unsent } from './kind';
import type { Shown } from './listing';

/* Server records and queued creates → mirror rows (see lib/db/rows.ts for the rule they keep). */

export function channelRow(channel: Channel, existing: ChannelRow | undefined, pulledAt: number): ChannelRow {
  return {
    ...pulledRow(channel.id, existing, pulledAt),
    name: channel.name,
    description: channel.description,
    color: channel.color,
    starred: channel.starred,
  };
}

export const channelFromInput = (input: inputs.CreateChannelInput, key: string): ChannelRow => ({
  ...freshRow(key),
  name: input.name,
  description: input.description ?? '',
  color: input.color?.toLowerCase() ?? null,
  starred: input.starred ?? false,
});

export const channel = fieldKind<'channel', ChannelRow, Channel, inputs.CreateChannelInput, inputs.UpdateChannelInput>({
  kind: 'channel',
  // The service does not compare channel names; two channels of one name cannot be told apart in
  // any list, so they are held to the campaigns' rule.
  unique: [
    {
      field: 'name',
      message: 'refusal.channelNameUsed',
      holders: (db, name) => db.channels.where('name').equalsIgnoreCase(name).toArray(),
    },
  ],
  table: 'channels',
  mine: (change) => change,
  own: (change) => (change.kind === 'channel' ? change : null),
  wrap: (change) => ({ kind: 'channel', ...change }),
  createInput: inputs.createChannelInput,
  updateInput: inputs.updateChannelInput,
  rows: (db) => db.channels,
  fromInput: channelFromInput,
  fromServer: channelRow,
  content: ['name', 'description', 'color', 'starred'],
  edited: (row, patch) => ({ ...row, ...patch, color: patch.color?.toLowerCase() ?? row.color }),
  list: (api, query) => api.listChannels(query),
  fits: (payload, c) => c.name === payload.name,
  // By name only: ours may have been edited since, the copy still holds what was first sent.
  lookAlike: (pulled, mine) => pulled.name === mine.name,
  make: ({ api }, payload) => api.createChannel(payload),
  async complete({ api }, _key, id, payload, listed) {
    const edits = listed ? unsent(listed, payload) : payload;
    if (edits) await api.updateChannel(id, edits);
    return [];
  },
  update: async (api, _key, id, patch) => {
    await api.updateChannel(id, patch);
    return [];
  },
  remove: (api, id) => api.deleteChannel(id),
  // The service unassigns the channel's items; the mirror does the same at once.
  alsoDelete: (key) => [{ each: 'channelItems', where: 'channelKey', equals: key, fields: null }],
  hanging: { items: 'channelKey' },
  readable: { name: 'name', description: 'description', color: 'color', starred: 'starred' },
  labels: { name: 'change.label.channelName', color: 'change.label.colour' },
});

/** A channel on screen: its items, read page by page as the walk reads them (lib/refresh/shown-refresh.ts). */
export const channelShown: Shown = { how: 'items', row: (db, key) => db.channels.get(key) };
