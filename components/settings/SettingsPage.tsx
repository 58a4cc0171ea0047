import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { AccountSummary } from '@/components/account/AccountSummary';
import { useReachability } from '@/components/hooks/useReachability';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useDashboard } from '@/components/state/dashboard';
import { MirrorProgress } from '@/components/sync/MirrorProgress';
import { displayUrl } from '@/components/ui/format';
import { ArrowRight, CircleCheck, Link2 } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { activeConnection, connectionsItem } from '@/lib/settings/connection';
import { ConnectionForm } from './ConnectionForm';
import { OtherConnections } from './OtherConnections';
import { PreferencesForm } from './PreferencesForm';
import { confirmRemove } from './remove-connection';

/**
 * Settings: the connection first. Connected, it reads "Connected to … as …" with Change and
 * Disconnect; right after connecting it offers the next step. While the service refuses the key, the
 * form is open at once, where the banner sends the person to enter the current key. The other
 * connections follow, then preferences.
 */
export function SettingsPage() {
  const connections = useStorageItem(connectionsItem);
  const account = useLiveQuery(() => database().account.get('me'));
  // Null until the person opens or closes the form; till then it is open only while the key is refused.
  const [changing, setChanging] = useState<boolean | null>(null);
  const reach = useReachability();
  const keyRefused = reach === undefined ? undefined : reach?.keyRefused === true;
  const { justConnected, setJustConnected } = useDashboard();
  const connected = activeConnection(connections.value);
  // Undefined (nothing drawn) until the reachability is read: the card first and the form a moment
  // later would move the page, and a click on Change could land as it goes.
  const formOpen = connected ? (changing ?? keyRefused) : true;

  // Nothing until the connections are read: drawn unread, the page said "Connect" to a connected
  // person for a moment, and its form kept the empty address it opened with (a form's fields are its
  // own once drawn), so "Enter the key" from the banner could open it without the service's address.
  if (!connections.loaded) return null;

  async function disconnect() {
    if (!connected) return;
    setJustConnected(null);
    await confirmRemove(connected, t('connections.disconnectQuestion'));
  }

  return (
    <section className="stack-lg settings" aria-labelledby="settings-heading">
      {connected ? (
        <h2 id="settings-heading">{t('settingsPage.settings')}</h2>
      ) : (
        <div className="stack welcome-head">
          <span className="welcome-mark" aria-hidden="true">
            <Link2 size={26} />
          </span>
          <h2 id="settings-heading">{t('settingsPage.connectLinkpilotToYour')}</h2>
          <p className="muted">{t('settingsPage.onceConnectedYourLinks')}</p>
        </div>
      )}
      {formOpen === undefined ? null : connected && !formOpen ? (
        <div className="card stack-lg" data-testid="connection-card">
          {justConnected ? (
            <div className="banner banner-ok" role="status" data-testid="connected-note">
              <CircleCheck size={16} aria-hidden="true" />
              <span>
                {t('settings.connectedAs', { email: justConnected.email })}{' '}
                {justConnected.notes.map((note) => t(`settings.note.${note}`)).join(' ')}
              </span>
              <a className="button-link" href="#/links">
                {t('settingsPage.goToYourLinks')} <ArrowRight size={14} aria-hidden="true" />
              </a>
            </div>
          ) : null}
          <div className="row-between">
            <div className="stack">
              <p className="muted small-text">{t('settingsPage.connectedTo')}</p>
              <p className="connection-service" data-testid="connected-service">
                {displayUrl(connected.baseUrl)}
              </p>
            </div>
            <div className="actions">
              <button type="button" className="secondary" onClick={() => setChanging(true)}>
                {t('popup.changeShortcut')}
              </button>
              <button type="button" className="danger" onClick={() => void disconnect()}>
                {t('settingsPage.disconnect')}
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
