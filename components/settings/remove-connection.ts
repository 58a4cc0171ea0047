import { askFirst } from '@/components/state/confirm';
import { forgetSnapshotOf } from '@/lib/browser/first-screen-snapshot';
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
  // The popup's picture of its first screen is a copy of that data too. Forgotten first: a page that
  // sees the connection gone (the Settings form, a popup opening) never finds the picture still kept.
  forgetSnapshotOf(c.database);
  await sendRequest({ type: 'connection.remove', id: c.id });
  return true;
}
