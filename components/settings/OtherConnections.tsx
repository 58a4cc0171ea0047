import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useDashboard } from '@/components/state/dashboard';
import { t } from '@/lib/browser/i18n';
import { sendRequest } from '@/lib/messages/send';
import type { Connections } from '@/lib/settings/connection';
import { ConnectionForm } from './ConnectionForm';
import { connectionLabel } from './connection-label';
import { confirmRemove } from './remove-connection';

/** The connections besides the active one: switch to one, remove one, or add another. */
export function OtherConnections({ connections }: { connections: Connections }) {
  const [adding, setAdding] = useState(false);
  const setJustConnected = useDashboard((s) => s.setJustConnected);
  const others = connections.list.filter((c) => c.id !== connections.activeId);
  return (
    <section className="card stack-lg" aria-labelledby="other-connections-heading" data-testid="other-connections">
      <h3 id="other-connections-heading">{t('connections.heading')}</h3>
      {others.length === 0 ? <p className="muted">{t('connections.none')}</p> : null}
      {others.length > 0 ? (
        <ul className="connection-list">
          {others.map((c) => {
            const label = connectionLabel(c);
            return (
              <li key={c.id} className="row-between" data-testid="other-connection">
                <span className="truncate">{label}</span>
                <span className="actions">
                  <button
                    type="button"
                    className="secondary"
                    aria-label={t('connections.switchTo', { label })}
                    // Refused only when the connection was just removed elsewhere; the list follows storage.
                    onClick={() => void sendRequest({ type: 'connection.activate', id: c.id }).catch(() => undefined)}
                  >
                    {t('connections.switch')}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={t('connections.removeLabel', { label })}
                    onClick={() => void confirmRemove(c, t('connections.removeQuestion'))}
                  >
                    {t('connections.remove')}
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {adding ? (
        <ConnectionForm
          onConnected={(result) => {
            setAdding(false);
            setJustConnected(result);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : (
        <div className="actions">
          <button type="button" className="secondary" onClick={() => setAdding(true)}>
            <Plus size={16} aria-hidden="true" /> {t('connections.add')}
          </button>
        </div>
      )}
    </section>
  );
}
