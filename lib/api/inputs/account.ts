import { z } from 'zod';
import { words } from '../../words';

export const updateAccountInput = z
  .object({
    email: z.email(words('input.email')).max(254, words('input.email')).optional(),
    password: z
      .string()
      .min(8, words('input.account.passwordShort', { min: 8 }))
      .max(200, words('input.tooLong.password', { max: 200 }))
      .optional(),
  })
  .refine((v) => v.email !== undefined || v.password !== undefined, {
    message: words('input.account.nothingChanged'),
  });
export type UpdateAccountInput = z.infer<typeof updateAccountInput>;
