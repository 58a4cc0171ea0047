import { t } from '@/lib/browser/i18n';
import { sendRequest } from '@/lib/messages/send';
import type { Connections } from '@/lib/settings/connection';
import { connectionLabel } from './connection-label';

/** Switches the active connection; shown only when there is more than one. */
export function ConnectionSwitcher({ connections }: { connections: Connections }) {
  if (connections.list.length < 2) return null;
  return (
    <select
      className="connection-switcher"
      aria-label={t('connections.switcher')}
      title={t('connections.switcher')}
      value={connections.activeId ?? ''}
      // A refused switch (the connection was just removed elsewhere) needs no message: the list follows storage.
      onChange={(e) => void sendRequest({ type: 'connection.activate', id: e.target.value }).catch(() => undefined)}
    >
      {connections.list.map((c) => (
        <option key={c.id} value={c.id}>
          {connectionLabel(c)}
        </option>
      ))}
    </select>
  );
}
