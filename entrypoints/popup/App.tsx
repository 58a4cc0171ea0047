import { browser } from 'wxt/browser';
import { AccountSummary } from '@/components/account/AccountSummary';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import { connectionItem } from '@/lib/settings/connection';

export function App() {
  const connection = useStorageItem(connectionItem);
  const account = { value: useLiveQuery(() => database().account.get('me')) ?? null };
  if (!connection.loaded) return null;
  return (
    <main>
      <h1 className="muted">Linkpilot</h1>
      {connection.value && account.value ? (
        <AccountSummary account={account.value} />
      ) : (
        <section className="card stack" aria-label="Not connected">
          <p>Linkpilot is not connected yet. Enter your Service URL and API key in Settings.</p>
          <button type="button" onClick={() => void openSettings()}>
            Open Settings
          </button>
        </section>
      )}
    </main>
  );
}

async function openSettings() {
  await browser.tabs.create({ url: browser.runtime.getURL('/dashboard.html#/settings') });
  window.close();
}
