import type { OutboxEntry } from '../db/schema';
import { kindOf } from '../kinds';
import type { SendContext } from '../kinds/kind';
import { settle } from './queue';
import { rebased } from './rebase';

/**
 * Sends one claimed entry as its kind says, and closes it unless its kind closed it already (in the
 * transaction of its last write). Throws what the request threw: the engine applies the failure policy.
 */
export async function sendEntry(ctx: SendContext, entry: OutboxEntry): Promise<void> {
  // Rebased first on what the service holds now, when another writer may have changed the record.
  const ready = await rebased(ctx, entry);
  if (ready === 'settled') return;
  if ((await kindOf(entry.kind).send(ctx, ready)) !== 'settled') await settle(ctx.db, ready, 'done');
}
