import { useLiveQuery } from 'dexie-react-hooks';
import { ArrowRight, CircleCheck, Link2 } from 'lucide-react';
import { useState } from 'react';
import { AccountSummary } from '@/components/account/AccountSummary';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useDashboard } from '@/components/state/dashboard';
import { MirrorProgress } from '@/components/sync/MirrorProgress';
import { displayUrl } from '@/components/ui/format';
import { database } from '@/lib/db/open';
import { activeConnection, connectionsItem } from '@/lib/settings/connection';
import { ConnectionForm } from './ConnectionForm';
import { OtherConnections } from './OtherConnections';
import { PreferencesForm } from './PreferencesForm';
import { confirmRemove } from './remove-connection';

/**
 * Settings: the connection first. Connected, it reads "Connected to … as …" with Change and
 * Disconnect; right after connecting it offers the next step. The other connections follow, then
 * preferences.
 */
export function SettingsPage() {
  const connections = useStorageItem(connectionsItem);
  const account = useLiveQuery(() => database().account.get('me'));
  const [changing, setChanging] = useState(false);
  const { justConnected, setJustConnected } = useDashboard();
  const connected = activeConnection(connections.value);

  async function disconnect() {
    if (!connected) return;
    setJustConnected(null);
    await confirmRemove(connected, 'Disconnect?');
  }

  return (
    <section className="stack-lg settings" aria-labelledby="settings-heading">
      {connected ? (
        <h2 id="settings-heading">Settings</h2>
      ) : (
        <div className="stack welcome-head">
          <span className="welcome-mark" aria-hidden="true">
            <Link2 size={26} />
          </span>
          <h2 id="settings-heading">Connect Linkpilot to your link service</h2>
          <p className="muted">
            Once connected, your links, channels, campaigns and QR codes are copied into this browser: everything opens
            instantly and works offline.
          </p>
        </div>
      )}
      {connected && !changing ? (
        <div className="card stack-lg" data-testid="connection-card">
          {justConnected ? (
            <div className="banner banner-ok" role="status" data-testid="connected-note">
              <CircleCheck size={16} aria-hidden="true" />
              <span>
                You're connected as {justConnected.email}. {justConnected.notes.join(' ')}
              </span>
              <a className="button-link" href="#/links">
                Go to your links <ArrowRight size={14} aria-hidden="true" />
              </a>
            </div>
          ) : null}
          <div className="row-between">
            <div className="stack">
              <p className="muted small-text">Connected to</p>
              <p className="connection-service" data-testid="connected-service">
                {displayUrl(connected.baseUrl)}
              </p>
            </div>
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setChanging(true)}>
                Change
              </button>
              <button type="button" className="danger" onClick={() => void disconnect()}>
                Disconnect
              </button>
            </div>
          </div>
          {account ? <AccountSummary account={account} /> : null}
          <MirrorProgress />
        </div>
      ) : (
        <div className="card">
          <ConnectionForm
            initialUrl={connected?.baseUrl ?? ''}
            replacing={connected?.id}
            onConnected={(result) => {
              setChanging(false);
              setJustConnected(result);
            }}
            onCancel={connected ? () => setChanging(false) : undefined}
          />
        </div>
      )}
      {connected ? <OtherConnections connections={connections.value} /> : null}
      {connected ? <PreferencesForm /> : null}
    </section>
  );
}
