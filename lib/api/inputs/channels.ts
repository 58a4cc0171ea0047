import { z } from 'zod';
import { CHANNEL_ITEM_TYPES } from '../schemas/channels';
import { hexColorInput, limitedText } from './formats';

export const createChannelInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Give the channel a name.')
    .max(100, 'A channel name can be at most 100 characters long.'),
  description: limitedText('A description', 500).optional(),
  color: hexColorInput.optional(),
  starred: z.boolean().optional(),
});
export type CreateChannelInput = z.infer<typeof createChannelInput>;

export const updateChannelInput = createChannelInput
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update.' });
export type UpdateChannelInput = z.infer<typeof updateChannelInput>;

export const channelItemTypeInput = z.enum(CHANNEL_ITEM_TYPES, { error: 'The item type is one of links, bio or qr.' });
