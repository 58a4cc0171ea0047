import { z } from 'zod';
import { listEnvelopeSchema } from './envelope';
import { bool, datetime, id, text, webUrl } from './primitives';

const HEX = /^#[0-9a-f]{6}$/i;

export const channelSchema = z.object({
  id,
  name: text,
  description: text,
  /** A colour that is not #RRGGBB is dropped rather than put into a style attribute. */
  color: z.unknown().transform((v) => (typeof v === 'string' && HEX.test(v.trim()) ? v.trim().toLowerCase() : null)),
  starred: bool,
});

/** A page of channels, in its envelope (the list's items under `channels`). */
export const channelListSchema = listEnvelopeSchema('channels', channelSchema);
export type Channel = z.infer<typeof channelSchema>;

export const CHANNEL_ITEM_TYPES = ['links', 'bio', 'qr'] as const;
export type ChannelItemType = (typeof CHANNEL_ITEM_TYPES)[number];

export const channelItemSchema = z.object({
  /** links and bio occur in listings; anything else the service invents later is kept as text. */
  type: text,
  id,
  title: text,
  preview: webUrl,
  link: webUrl,
  /** A date only (YYYY-MM-DD); normalised like every datetime. */
  date: datetime,
});

/** A page of one channel's items, in its envelope (the list's items under `items`). */
export const channelItemListSchema = listEnvelopeSchema('items', channelItemSchema);
export type ChannelItem = z.infer<typeof channelItemSchema>;

export const createChannelResponseSchema = z.object({
  id,
  name: text,
  description: text,
  color: channelSchema.shape.color,
  starred: bool,
});
