import { isAbsentRoute } from '../api/absent';
import { ApiError } from '../api/errors';
import type { OutboxEntry, Queued } from '../db/schema';
import { kindOf } from '../kinds';
import { type Capability, readCapability } from '../kinds/capabilities';
import type { SendContext, Sending } from '../kinds/kind';
import { sendAddition, sendEdit, sendRemoval } from './beyond-seed';
import { sendCreate } from './create';
import { writeMirror } from './mirror';
import { settle } from './outbox';
import { forgetDeletedElsewhere, rebased } from './rebase';

/**
 * Sends one claimed entry as its kind says, and closes it unless its kind closed it already (in the
 * transaction of its last write). Throws what the request threw: the engine applies the failure policy.
 */
export async function sendEntry(ctx: SendContext, entry: OutboxEntry): Promise<void> {
  // Whether the service offers the operation is read before the record is, not between that read and
  // the write: there it would wait on IndexedDB (behind the budget's write of the read's answer, say),
  // and every millisecond between the two is one in which another writer's change goes unseen.
  const ahead = capabilityOf(kindOf(entry.kind).sending(entry));
  const offered = ahead ? readCapability(ctx.db, ahead) : null;
  // Awaited below only when the entry is sent; a failed read is then that send's failure.
  offered?.catch(() => undefined);
  // Rebased first on what the service holds now: another writer may have changed the record.
  const rebase = await rebased(ctx, entry);
  if (rebase === 'settled') return;
  const { ready, kept } = rebase;
  // Read just now (a rebased entry is a new one): the write follows at once, or waits to be read again.
  if (ready !== entry) ctx.writeAtOnce?.();
  const told = { ...ctx, offered: (capability: Capability) => (capability === ahead ? offered : null) };
  const sending = sendAs(told, ready, kindOf(ready.kind).sending(ready)).catch(async (error: unknown) => {
    // Deleted elsewhere between the read and the write (a route the service has said so).
    if (!(ready.op === 'update' && ready.base && isDeletedRecord(error))) throw error;
    await forgetDeletedElsewhere(ctx, ready);
    return 'settled' as const;
  });
  // The write went while the rebased entry was being kept: another writer's change in between is
  // what the read could not see, and every millisecond between the read and the write is one more.
  const [sent] = await Promise.all([sending, kept]);
  if (sent !== 'settled') await settle(ctx.db, ready, 'done');
}

/** The operation of the service a send may find missing (lib/sync/beyond-seed.ts), if any. */
function capabilityOf(sending: Sending): Capability | null {
  if ('create' in sending) return sending.capability ?? null;
  if ('edit' in sending) return sending.edit.capability;
  if ('removal' in sending) return sending.removal.capability;
  return null;
}

const isDeletedRecord = (error: unknown) =>
  error instanceof ApiError && error.kind === 'not-found' && !isAbsentRoute(error);

/**
 * Sends one entry as its kind describes it, and has what the answer says written into the mirror.
 * 'settled' when it closed the entry itself, in the transaction of its last write.
 */
export async function sendAs(ctx: SendContext, entry: Queued, sending: Sending): Promise<'settled' | undefined> {
  if ('create' in sending)
    return sending.capability
      ? sendAddition(ctx, entry, sending.capability, sending.create)
      : sendCreate(ctx, entry, sending.create);
  if ('edit' in sending) return sendEdit(ctx, entry, sending.edit);
  if ('removal' in sending) return sendRemoval(ctx, entry, sending.removal);
  await writeMirror(ctx.db, await sending.request(ctx.api));
  return undefined;
}
