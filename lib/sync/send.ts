import type { OutboxEntry } from '../db/schema';
import { kindOf } from '../kinds';
import type { SendContext } from '../kinds/kind';
import { settle } from './queue';

/**
 * Sends one claimed entry as its kind says, and closes it unless its kind closed it already (in the
 * transaction of its last write). Throws what the request threw: the engine applies the failure policy.
 */
export async function sendEntry(ctx: SendContext, entry: OutboxEntry): Promise<void> {
  if ((await kindOf(entry.kind).send(ctx, entry)) !== 'settled') await settle(ctx.db, entry, 'done');
}
