import { useLiveQuery } from 'dexie-react-hooks';
import {
  Folder,
  Globe,
  Layers,
  Link2,
  type LucideIcon,
  Megaphone,
  QrCode,
  RefreshCw,
  Settings,
  UserRound,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { AccountPage } from '@/components/account/AccountPage';
import { CampaignsPage } from '@/components/campaigns/CampaignsPage';
import { CatalogPage } from '@/components/catalog/CatalogPage';
import { ChannelsPage } from '@/components/channels/ChannelsPage';
import { DomainsPage } from '@/components/domains/DomainsPage';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { LinkTablePage } from '@/components/links/LinkTablePage';
import { QrCodesPage } from '@/components/qr/QrCodesPage';
import { ConnectionSwitcher } from '@/components/settings/ConnectionSwitcher';
import { SettingsPage } from '@/components/settings/SettingsPage';
import { NO_LINK_FILTERS, useDashboard } from '@/components/state/dashboard';
import { ServiceBanner } from '@/components/sync/ServiceBanner';
import { SyncCentre } from '@/components/sync/SyncCentre';
import { database, showDatabase } from '@/lib/db/open';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import { outboxCounts } from '@/lib/sync/status';

interface Section {
  route: string;
  label: string;
  icon: LucideIcon;
  render: () => React.ReactNode;
}

const SECTIONS: Section[] = [
  { route: 'links', label: 'Links', icon: Link2, render: () => <LinkTablePage /> },
  { route: 'channels', label: 'Channels', icon: Folder, render: () => <ChannelsPage /> },
  { route: 'campaigns', label: 'Campaigns', icon: Megaphone, render: () => <CampaignsPage /> },
  { route: 'qr', label: 'QR codes', icon: QrCode, render: () => <QrCodesPage /> },
  { route: 'domains', label: 'Domains', icon: Globe, render: () => <DomainsPage /> },
  { route: 'catalog', label: 'Overlays & splash', icon: Layers, render: () => <CatalogPage /> },
  { route: 'account', label: 'Account', icon: UserRound, render: () => <AccountPage /> },
  { route: 'sync', label: 'Sync', icon: RefreshCw, render: () => <SyncCentre /> },
  { route: 'settings', label: 'Settings', icon: Settings, render: () => <SettingsPage /> },
];

export function App() {
  useTheme();
  const connections = useStorageItem(connectionsItem);
  const route = useDashboard((s) => s.section);
  const active = activeConnection(connections.value);
  const connected = active !== null;
  // Not connected, the dashboard is its Settings page; connecting then keeps the person there, for the next step.
  useEffect(() => {
    if (connections.loaded && !connected && route !== 'settings') window.location.hash = '#/settings';
  }, [connections.loaded, connected, route]);
  // The open link and the filters name records of the connection shown before a switch.
  const shown = useRef(active?.id);
  useEffect(() => {
    if (shown.current === active?.id) return;
    shown.current = active?.id;
    useDashboard.setState({ linkQuery: NO_LINK_FILTERS, openLink: null, creatingLink: false });
  }, [active?.id]);
  if (!connections.loaded) return null;
  // Views read the selected database; keyed by the connection, they mount afresh on a switch.
  showDatabase(active?.database);
  if (!connected) {
    return (
      <div className="welcome-shell">
        <main>
          <SettingsPage />
        </main>
      </div>
    );
  }
  const section = SECTIONS.find((s) => s.route === route) ?? SECTIONS[0]!;
  return (
    <div className="app-shell" key={active.id}>
      <Sidebar current={section} connections={connections.value} />
      <div className="app-content">
        <ServiceBanner onOpenSync={section.route === 'sync' ? undefined : () => window.location.assign('#/sync')} />
        <main>{section.render()}</main>
      </div>
    </div>
  );
}

function Sidebar({ current, connections }: { current: Section; connections: Connections }) {
  const db = database();
  const account = useLiveQuery(() => db.account.get('me'));
  const counts = useLiveQuery(() => outboxCounts(db));
  const waiting = (counts?.pending ?? 0) + (counts?.inflight ?? 0) + (counts?.failed ?? 0);
  return (
    <aside className="sidebar">
      <div className="sidebar-brand">
        <Link2 size={20} aria-hidden="true" /> Linkpilot
      </div>
      <ConnectionSwitcher connections={connections} />
      <nav aria-label="Sections">
        {SECTIONS.map((s) => (
          <a key={s.route} href={`#/${s.route}`} aria-current={s === current ? 'page' : undefined}>
            <s.icon size={17} aria-hidden="true" />
            <span className="grow">{s.label}</span>
            {s.route === 'sync' && waiting > 0 ? (
              <span className={`badge ${counts?.failed ? 'sync-failed' : 'sync-badge'}`}>
                {waiting}
                <span className="visually-hidden"> changes not yet on the service</span>
              </span>
            ) : null}
          </a>
        ))}
      </nav>
      {account ? (
        <a className="sidebar-account" href="#/account">
          {account.avatar ? <img className="avatar" src={account.avatar} alt="" width={28} height={28} /> : null}
          <span className="truncate">{account.email}</span>
        </a>
      ) : null}
    </aside>
  );
}
