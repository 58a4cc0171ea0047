import { sendRequest } from '../messages/send';

/** Asks the background worker to send what was just queued. The change is safe in IndexedDB either way. */
export function kickSync(): void {
  void sendRequest({ type: 'sync.kick' }).catch(() => undefined);
}
