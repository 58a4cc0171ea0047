import { sendRequest } from '../messages/send';

/** Asks the background worker to send what was just queued. The change is safe in IndexedDB either way. */
export function kickSync(): void {
  void sendWhenAsked();
}

/**
 * The same, resolved once the worker has sent a person's own changes (or found it cannot yet), with
 * the records whose changes went: a form that waits for its answer knows it then, instead of
 * waiting to be told of the write. Empty when the worker could not be asked.
 */
export function sendWhenAsked(): Promise<string[]> {
  return sendRequest({ type: 'sync.kick' }).then(
    (report) => report?.sentKeys ?? [],
    () => [],
  );
}
