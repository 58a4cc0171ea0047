import { askFirst } from '@/components/state/confirm';
import { plural, t } from '@/lib/browser/i18n';
import { databaseNamed } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import type { Connection } from '@/lib/settings/connection';
import { connectionLabel } from './connection-label';

/** Asks first, saying how many unsent changes would be lost, then removes the connection. */
export async function confirmRemove(c: Connection, question: string): Promise<boolean> {
  const unsent = await databaseNamed(c.database).outbox.count();
  const warning = unsent > 0 ? ` ${plural('connections.lost', unsent)}` : '';
  const yes = await askFirst({
    title: question,
    consequence: `${t('connections.removes', { label: connectionLabel(c) })}${warning}`,
    action: t('connections.remove'),
  });
  if (!yes) return false;
  await sendRequest({ type: 'connection.remove', id: c.id });
  return true;
}
