import * as inputs from '../../api/inputs/channels';
import type { Channel } from '../../api/schemas/channels';
import { validateInput } from '../../api/validate-input';
import { channelRow, channelFromInput as fromInput } from '../../db/rows';
import type { ChannelRow } from '../../db/schema';
import {
  type Creation,
  deleted,
  findListed,
  type Listing,
  type RecordKind,
  sendCreate,
  sentence,
  unsent,
} from './kind';

const fits = (payload: inputs.CreateChannelInput, c: Channel) => c.name === payload.name;

const listing: Listing<ChannelRow, Channel> = {
  rows: (db) => db.channels,
  list: (api, query) => api.listChannels(query),
  fromServer: channelRow,
  madeBy: (change, item) => change.kind === 'channel' && change.op === 'create' && fits(change.payload, item),
  withEdit: (row, { kind, op, payload }) =>
    kind === 'channel' && op === 'update'
      ? { ...row, ...payload, color: payload.color?.toLowerCase() ?? row.color }
      : row,
  forget: async (db, keys) => {
    await db.channelItems.where('channelKey').anyOf(keys).delete();
  },
  // By name only: ours may have been edited since, the copy still holds what was first sent.
  lookAlike: (pulled, mine) => pulled.name === mine.name,
};

const creation: Creation<inputs.CreateChannelInput, Channel> = {
  make: async ({ api }, payload) => api.createChannel(payload),
  find: async (ctx, payload) => {
    const listed = await findListed(ctx, listing, (c) => fits(payload, c));
    return listed && { id: listed.id, listed };
  },
  async complete({ api }, _key, id, payload, listed) {
    const edits = listed ? unsent(listed, payload) : payload;
    if (edits) await api.updateChannel(id, edits);
  },
};

export const channel: RecordKind<'channel', ChannelRow, Channel, inputs.CreateChannelInput> = {
  table: 'channels',
  listing,
  fromInput,
  async send(ctx, entry) {
    const id = entry.ids[entry.key]!;
    switch (entry.op) {
      case 'create':
        return sendCreate(ctx, entry, 'channels', creation);
      case 'update':
        return void (await ctx.api.updateChannel(id, entry.payload));
      case 'delete':
        return deleted(ctx.api.deleteChannel(id));
      default:
        return entry satisfies never;
    }
  },
  fold(queued, later) {
    if (queued.kind !== 'channel' || later.op !== 'update') return null;
    if (queued.op === 'create') return { ...queued, payload: { ...queued.payload, ...later.payload } };
    return queued.op === 'update' ? { ...queued, payload: { ...queued.payload, ...later.payload } } : null;
  },
  describe: (change) => sentence('channel', change.op, change.payload?.name),
  editable: ({ op, payload }) =>
    op === 'create'
      ? [
          { name: 'name', label: 'Channel name', value: payload.name },
          { name: 'color', label: 'Colour', value: payload.color ?? '' },
        ]
      : [],
  async edit(db, { op, key, payload }, fields) {
    if (op !== 'create') return null;
    const next = validateInput(inputs.createChannelInput, { ...payload, ...fields });
    await db.channels.update(key, fromInput(next));
    return { kind: 'channel', op: 'create', payload: next };
  },
};
