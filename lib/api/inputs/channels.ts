import { z } from 'zod';
import { words } from '../../words';
import { CHANNEL_ITEM_TYPES } from '../schemas/channels';
import { hexColorInput, limitedText } from './formats';

export const createChannelInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, words('input.channel.name'))
    .max(100, words('input.tooLong.channelName', { max: 100 })),
  description: limitedText('input.tooLong.channelDescription', 500).optional(),
  color: hexColorInput.optional(),
  starred: z.boolean().optional(),
});
export type CreateChannelInput = z.infer<typeof createChannelInput>;

export const updateChannelInput = createChannelInput
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: words('input.nothingToUpdate') });
export type UpdateChannelInput = z.infer<typeof updateChannelInput>;

export const channelItemTypeInput = z.enum(CHANNEL_ITEM_TYPES, { error: words('input.channel.itemType') });
