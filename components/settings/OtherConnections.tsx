import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useDashboard } from '@/components/state/dashboard';
import { sendRequest } from '@/lib/messages/send';
import type { Connections } from '@/lib/settings/connection';
import { connectionLabel } from '@/lib/settings/connection-label';
import { ConnectionForm } from './ConnectionForm';
import { confirmRemove } from './remove-connection';

// UI text of this component, kept together.
const TEXT = {
  heading: 'Other connections',
  none: 'Add another service or account; each keeps its own copy of the data and its own changes.',
  switchTo: 'Switch',
  switchLabel: (label: string) => `Switch to ${label}`,
  remove: 'Remove',
  removeLabel: (label: string) => `Remove ${label}`,
  removeQuestion: 'Remove this connection?',
  add: 'Add a connection',
};

/** The connections besides the active one: switch to one, remove one, or add another. */
export function OtherConnections({ connections }: { connections: Connections }) {
  const [adding, setAdding] = useState(false);
  const setJustConnected = useDashboard((s) => s.setJustConnected);
  const others = connections.list.filter((c) => c.id !== connections.activeId);
  return (
    <section className="card stack-lg" aria-labelledby="other-connections-heading" data-testid="other-connections">
      <h3 id="other-connections-heading">{TEXT.heading}</h3>
      {others.length === 0 ? <p className="muted">{TEXT.none}</p> : null}
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
                    aria-label={TEXT.switchLabel(label)}
                    // Refused only when the connection was just removed elsewhere; the list follows storage.
                    onClick={() => void sendRequest({ type: 'connection.activate', id: c.id }).catch(() => undefined)}
                  >
                    {TEXT.switchTo}
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={TEXT.removeLabel(label)}
                    onClick={() => void confirmRemove(c, TEXT.removeQuestion)}
                  >
                    {TEXT.remove}
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
            <Plus size={16} aria-hidden="true" /> {TEXT.add}
          </button>
        </div>
      )}
    </section>
  );
}
