import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { OutboxEntry } from '../db/schema';
import { kindOf } from '../kinds';
import type { SendContext } from '../kinds/kind';
import { settle } from './queue';
import { forgetDeletedElsewhere, rebased } from './rebase';

/**
 * Sends one claimed entry as its kind says, and closes it unless its kind closed it already (in the
 * transaction of its last write). Throws what the request threw: the engine applies the failure policy.
 */
export async function sendEntry(ctx: SendContext, entry: OutboxEntry): Promise<void> {
  // Rebased first on what the service holds now: another writer may have changed the record.
  const ready = await rebased(ctx, entry);
  if (ready === 'settled') return;
  const sent = await kindOf(entry.kind)
    .send(ctx, ready)
    .catch(async (error: unknown) => {
      // Deleted elsewhere between the read and the write (a route the service has said so).
      if (!(ready.op === 'update' && ready.base && isDeletedRecord(error))) throw error;
      await forgetDeletedElsewhere(ctx, ready);
      return 'settled' as const;
    });
  if (sent !== 'settled') await settle(ctx.db, ready, 'done');
}

const isDeletedRecord = (error: unknown) =>
  error instanceof ApiError && error.kind === 'not-found' && !isAbsentRoute(error);
