import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Avatar } from '@/components/account/Avatar';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { useTheme } from '@/components/hooks/useTheme';
import { LinkTablePage } from '@/components/links/LinkTablePage';
import { ConnectionSwitcher } from '@/components/settings/ConnectionSwitcher';
import { NO_LINK_FILTERS, useDashboard } from '@/components/state/dashboard';
import { ServiceBanner } from '@/components/sync/ServiceBanner';
import { Address } from '@/components/ui/Address';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import {
  Crosshair,
  Folder,
  Globe,
  type IconComponent,
  Layers,
  Link2,
  Megaphone,
  QrCode,
  RefreshCw,
  Settings,
  UserRound,
} from '@/components/ui/icons';
import { plural, t } from '@/lib/browser/i18n';
import { database, showDatabase } from '@/lib/db/open';
import type { Section } from '@/lib/kinds/collections';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import { outboxCounts } from '@/lib/sync/status';

// The links table, the section a dashboard opens on, comes with the page; every other section's module
// is asked for when it is opened: each opening of the links no longer parses and compiles them all.
const AccountPage = lazy(() => import('@/components/account/AccountPage').then((m) => ({ default: m.AccountPage })));
const CampaignsPage = lazy(() =>
  import('@/components/campaigns/CampaignsPage').then((m) => ({ default: m.CampaignsPage })),
);
const CatalogPage = lazy(() => import('@/components/catalog/CatalogPage').then((m) => ({ default: m.CatalogPage })));
const ChannelsPage = lazy(() =>
  import('@/components/channels/ChannelsPage').then((m) => ({ default: m.ChannelsPage })),
);
const DomainsPage = lazy(() => import('@/components/domains/DomainsPage').then((m) => ({ default: m.DomainsPage })));
const PixelsPage = lazy(() => import('@/components/pixels/PixelsPage').then((m) => ({ default: m.PixelsPage })));
const QrCodesPage = lazy(() => import('@/components/qr/QrCodesPage').then((m) => ({ default: m.QrCodesPage })));
const SettingsPage = lazy(() =>
  import('@/components/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
);
const SyncCentre = lazy(() => import('@/components/sync/SyncCentre').then((m) => ({ default: m.SyncCentre })));

interface SectionView {
  route: Section;
  icon: IconComponent;
  render: () => React.ReactNode;
}

const SECTIONS: SectionView[] = [
  { route: 'links', icon: Link2, render: () => <LinkTablePage /> },
  { route: 'channels', icon: Folder, render: () => <ChannelsPage /> },
  { route: 'campaigns', icon: Megaphone, render: () => <CampaignsPage /> },
  { route: 'qr', icon: QrCode, render: () => <QrCodesPage /> },
  { route: 'domains', icon: Globe, render: () => <DomainsPage /> },
  { route: 'catalog', icon: Layers, render: () => <CatalogPage /> },
  { route: 'pixels', icon: Crosshair, render: () => <PixelsPage /> },
  { route: 'account', icon: UserRound, render: () => <AccountPage /> },
  { route: 'sync', icon: RefreshCw, render: () => <SyncCentre /> },
  { route: 'settings', icon: Settings, render: () => <SettingsPage /> },
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
          <Suspense fallback={null}>
            <SettingsPage />
          </Suspense>
        </main>
        <ConfirmDialog />
      </div>
    );
  }
  const section = SECTIONS.find((s) => s.route === route) ?? SECTIONS[0]!;
  return (
    <div className="app-shell" key={active.id}>
      <Sidebar current={section} connections={connections.value} />
      <div className="app-content">
        <ServiceBanner
          onOpenSync={section.route === 'sync' ? undefined : () => window.location.assign('#/sync')}
          onOpenSettings={section.route === 'settings' ? undefined : () => window.location.assign('#/settings')}
        />
        <main>
          <Suspense fallback={null}>{section.render()}</Suspense>
        </main>
      </div>
      <ConfirmDialog />
    </div>
  );
}

function Sidebar({ current, connections }: { current: SectionView; connections: Connections }) {
  const db = database();
  const account = useLiveQuery(() => db.account.get('me'));
  const counts = useLiveQuery(() => outboxCounts(db));
  const waiting = (counts?.pending ?? 0) + (counts?.inflight ?? 0) + (counts?.failed ?? 0);
  return (
    <aside className="sidebar">
      <div className="sidebar-brand">
        <Link2 size={20} aria-hidden="true" /> {t('manifest.name')}
      </div>
      <ConnectionSwitcher connections={connections} />
      <nav aria-label={t('app.sections')}>
        {SECTIONS.map((s) => (
          <a key={s.route} href={`#/${s.route}`} aria-current={s === current ? 'page' : undefined}>
            <s.icon size={17} aria-hidden="true" />
            <span className="grow">{t(`dashboard.section.${s.route}`)}</span>
            {s.route === 'sync' && waiting > 0 ? (
              <span className={`badge ${counts?.failed ? 'sync-failed' : 'sync-badge'}`}>
                {waiting}
                <span className="visually-hidden"> {plural('app.notOnService', waiting)}</span>
              </span>
            ) : null}
          </a>
        ))}
      </nav>
      {account ? (
        <a className="sidebar-account" href="#/account">
          <Avatar src={account.avatar} size={28} />
          <Address className="truncate" title={account.email}>
            {account.email}
          </Address>
        </a>
      ) : null}
    </aside>
  );
}
