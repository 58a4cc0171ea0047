import { z } from 'zod';

export const updateAccountInput = z
  .object({
    email: z.email('Enter a valid e-mail address.').max(254).optional(),
    password: z.string().min(8, 'A password has at least 8 characters.').max(200).optional(),
  })
  .refine((v) => v.email !== undefined || v.password !== undefined, {
    message: 'Change the e-mail address, the password, or both.',
  });
export type UpdateAccountInput = z.infer<typeof updateAccountInput>;
