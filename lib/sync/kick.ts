import type { OwnSent } from '../messages/reports';
import { sendRequest } from '../messages/send';
import type { Claimed } from './outbox';

/** Asks the background worker to send what was just queued. The change is safe in IndexedDB either way. */
export function kickSync(): void {
  void sendWhenAsked();
}

/**
 * The same for a person's own changes, queued claimed (`ActionContext.claimed`) in `database`:
 * resolved once each has its answer (or the worker found it cannot send them yet), with what the
 * service answered. A form that waits knows it then, before the worker has even written it. Empty
 * when the worker could not be asked; the changes are then taken up by a later drain.
 */
export function sendWhenAsked(own?: { database: string; entries: Claimed[] }): Promise<OwnSent> {
  return sendRequest({ type: 'sync.kick', ...(own?.entries.length && { own }) }).then(
    (report) => report ?? NOTHING_SENT,
    () => NOTHING_SENT,
  );
}

const NOTHING_SENT: OwnSent = { sentKeys: [], made: {} };
