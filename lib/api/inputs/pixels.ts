import { z } from 'zod';
import { words } from '../../words';
import { PIXEL_TYPES } from '../schemas/pixels';

/** One line of the person's text, required: a pixel's name and the network's id are what tell it apart. */
const line = (
  missing: 'input.pixel.name' | 'input.pixel.tag',
  tooLong: 'input.tooLong.pixelName' | 'input.tooLong.pixelTag',
  max: number,
) =>
  z
    .string({ error: words(missing) })
    .trim()
    .min(1, words(missing))
    .max(max, words(tooLong, { max }))
    .refine((value) => !/[\r\n]/.test(value), { message: words('input.pixel.oneLine') });

export const createPixelInput = z.object({
  type: z.enum(PIXEL_TYPES, { error: words('input.pixel.type', { types: PIXEL_TYPES.join(', ') }) }),
  name: line('input.pixel.name', 'input.tooLong.pixelName', 100),
  tag: line('input.pixel.tag', 'input.tooLong.pixelTag', 200),
});
export type CreatePixelInput = z.infer<typeof createPixelInput>;

export const updatePixelInput = createPixelInput
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: words('input.nothingToUpdate') });
export type UpdatePixelInput = z.infer<typeof updatePixelInput>;
