import { useLiveQuery } from 'dexie-react-hooks';
import { AccountPage } from '@/components/account/AccountPage';
import { AccountSummary } from '@/components/account/AccountSummary';
import { CampaignsPage } from '@/components/campaigns/CampaignsPage';
import { CatalogPage } from '@/components/catalog/CatalogPage';
import { ChannelsPage } from '@/components/channels/ChannelsPage';
import { DomainsPage } from '@/components/domains/DomainsPage';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { LinkTablePage } from '@/components/links/LinkTablePage';
import { QrCodesPage } from '@/components/qr/QrCodesPage';
import { ConnectionForm } from '@/components/settings/ConnectionForm';
import { PreferencesForm } from '@/components/settings/PreferencesForm';
import { useDashboard } from '@/components/state/dashboard';
import { MirrorProgress } from '@/components/sync/MirrorProgress';
import { SyncCentre } from '@/components/sync/SyncCentre';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import { connectionItem } from '@/lib/settings/connection';

const SECTIONS = [
  { route: 'links', label: 'Links', render: () => <LinkTablePage /> },
  { route: 'channels', label: 'Channels', render: () => <ChannelsPage /> },
  { route: 'campaigns', label: 'Campaigns', render: () => <CampaignsPage /> },
  { route: 'qr', label: 'QR codes', render: () => <QrCodesPage /> },
  { route: 'domains', label: 'Domains', render: () => <DomainsPage /> },
  { route: 'catalog', label: 'Overlays & splash', render: () => <CatalogPage /> },
  { route: 'account', label: 'Account', render: () => <AccountPage /> },
  { route: 'sync', label: 'Sync centre', render: () => <SyncCentre /> },
  { route: 'settings', label: 'Settings', render: () => <SettingsPage /> },
] as const;

export function App() {
  useTheme();
  const connection = useStorageItem(connectionItem);
  const route = useDashboard((s) => s.section);
  const settings = SECTIONS.find((s) => s.route === 'settings')!;
  const section = connection.value ? (SECTIONS.find((s) => s.route === route) ?? SECTIONS[0]) : settings;
  return (
    <>
      <header>
        <h1>Linkpilot</h1>
        {connection.value ? (
          <nav aria-label="Sections">
            {SECTIONS.map((s) => (
              <a key={s.route} href={`#/${s.route}`} aria-current={s === section ? 'page' : undefined}>
                {s.label}
              </a>
            ))}
          </nav>
        ) : null}
      </header>
      <main>{connection.loaded ? section.render() : null}</main>
    </>
  );
}

function SettingsPage() {
  const connection = useStorageItem(connectionItem);
  const account = useLiveQuery(() => database().account.get('me'));
  const pending = useLiveQuery(() => database().outbox.count(), [], 0);

  async function confirmDisconnect() {
    const warning = pending > 0 ? ` ${pending} change(s) not yet synced will be discarded.` : '';
    if (
      window.confirm(`Disconnect? The API key and the local copy of your data are removed from this browser.${warning}`)
    ) {
      await sendRequest({ type: 'connection.disconnect' });
    }
  }

  return (
    <section className="stack" aria-labelledby="settings-heading">
      <h2 id="settings-heading">Settings</h2>
      {connection.value && account ? (
        <div className="card stack">
          <AccountSummary account={account} />
          <p className="muted">Service: {connection.value.baseUrl}</p>
          <MirrorProgress />
          <div className="row">
            <button type="button" className="secondary" onClick={() => void confirmDisconnect()}>
              Disconnect
            </button>
          </div>
        </div>
      ) : null}
      <ConnectionForm initialUrl={connection.value?.baseUrl ?? ''} />
      {connection.value ? <PreferencesForm /> : null}
    </section>
  );
}
