import { AccountSummary } from '@/components/account/AccountSummary';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { ConnectionForm } from '@/components/settings/ConnectionForm';
import { sendRequest } from '@/lib/messages/send';
import { accountItem } from '@/lib/settings/account-cache';
import { connectionItem } from '@/lib/settings/connection';

export function App() {
  const connection = useStorageItem(connectionItem);
  const account = useStorageItem(accountItem);
  return (
    <>
      <header>
        <h1>Linkpilot</h1>
      </header>
      <main>
        <section className="stack" aria-labelledby="settings-heading">
          <h2 id="settings-heading">Settings</h2>
          {connection.value && account.value ? (
            <div className="card stack">
              <AccountSummary account={account.value} />
              <p className="muted">Service: {connection.value.baseUrl}</p>
              <div className="row">
                <button type="button" className="secondary" onClick={() => void sendRequest({ type: 'connection.disconnect' })}>
                  Disconnect
                </button>
              </div>
            </div>
          ) : null}
          {connection.loaded ? <ConnectionForm initialUrl={connection.value?.baseUrl ?? ''} /> : null}
        </section>
      </main>
    </>
  );
}
