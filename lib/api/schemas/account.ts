import { z } from 'zod';
import { datetime, id, text, webUrl } from './primitives';

export const accountSchema = z.object({
  id,
  email: text,
  username: text,
  avatar: webUrl,
  /** Plan label; the set of values is not specified, so any text is kept. */
  status: text,
  expires: datetime,
  registered: datetime,
});
export type Account = z.infer<typeof accountSchema>;

export const getAccountResponseSchema = z.object({ data: accountSchema });
