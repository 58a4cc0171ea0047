import { sendRequest } from '../messages/send';

/** Asks the background worker to send what was just queued. The change is safe in IndexedDB either way. */
export function kickSync(): void {
  void sendWhenAsked();
}

/**
 * The same, resolved once the worker has sent a person's own changes (or found it cannot yet): a form
 * that waits for its answer reads it then, instead of waiting to be told of the write.
 */
export function sendWhenAsked(): Promise<void> {
  return sendRequest({ type: 'sync.kick' }).then(
    () => undefined,
    () => undefined,
  );
}
