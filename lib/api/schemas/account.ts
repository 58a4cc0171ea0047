import { z } from 'zod';

export const accountSchema = z.object({
  id: z.coerce.number().int(),
  email: z.string(),
  username: z.string().catch(''),
  avatar: z.string().catch(''),
  status: z.string().catch(''),
  expires: z.string().nullable().catch(null),
  registered: z.string().nullable().catch(null),
});
export type Account = z.infer<typeof accountSchema>;

export const getAccountResponseSchema = z.object({ data: accountSchema });
