import { useState } from 'react';
import { CircleCheck, Plus } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { sendRequest } from '@/lib/messages/send';
import type { Connections } from '@/lib/settings/connection';
import { ConnectionForm } from './ConnectionForm';
import { connectionLabel } from './connection-label';
import { confirmRemove } from './remove-connection';

/**
 * The connections besides the active one: switch to one, remove one, or add another. One just added
 * stays beside the active one: the page says it was added and offers the switch, never makes it.
 */
export function OtherConnections({ connections }: { connections: Connections }) {
  const [adding, setAdding] = useState(false);
  const [addedId, setAddedId] = useState<string | null>(null);
  const others = connections.list.filter((c) => c.id !== connections.activeId);
  const added = others.find((c) => c.id === addedId);
  const switchTo = (id: string) => {
    setAddedId(null);
    // Refused only when the connection was just removed elsewhere; the list follows storage.
    void sendRequest({ type: 'connection.activate', id }).catch(() => undefined);
  };
  return (
    <section className="card stack-lg" aria-labelledby="other-connections-heading" data-testid="other-connections">
      <h3 id="other-connections-heading">{t('connections.heading')}</h3>
      {others.length === 0 ? <p className="muted">{t('connections.none')}</p> : null}
      {added ? (
        <div className="banner banner-ok" role="status" data-testid="connection-added">
          <CircleCheck size={16} aria-hidden="true" />
          <span className="grow">{t('connections.added', { label: connectionLabel(added) })}</span>
          <span className="actions">
            <button type="button" onClick={() => switchTo(added.id)}>
              {t('connections.switchNow')}
            </button>
            <button type="button" className="secondary" onClick={() => setAddedId(null)}>
              {t('connections.stay')}
            </button>
          </span>
        </div>
      ) : null}
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
                    onClick={() => switchTo(c.id)}
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
          activate={false}
          onConnected={(result) => {
            setAdding(false);
            setAddedId(result.connectionId);
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
