import { plural } from '@/components/ui/format';
import { databaseNamed } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import type { Connection } from '@/lib/settings/connection';
import { connectionLabel } from '@/lib/settings/connection-label';

// UI text of removing a connection, kept together.
const TEXT = {
  removes: (label: string) => `${label}: its API key and the local copy of its data are removed from this browser.`,
  loses: (count: number) => `${plural(count, 'change')} not yet synced will be lost.`,
};

/** Asks first, saying how many unsent changes would be lost, then removes the connection. */
export async function confirmRemove(c: Connection, question: string): Promise<boolean> {
  const unsent = await databaseNamed(c.database).outbox.count();
  const warning = unsent > 0 ? ` ${TEXT.loses(unsent)}` : '';
  if (!window.confirm(`${question} ${TEXT.removes(connectionLabel(c))}${warning}`)) return false;
  await sendRequest({ type: 'connection.remove', id: c.id });
  return true;
}
