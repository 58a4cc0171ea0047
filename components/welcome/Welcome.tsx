import { useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { ConnectionForm } from '@/components/settings/ConnectionForm';
import { FirstCopyStatus } from '@/components/sync/FirstCopy';
import { CircleCheck, KeyRound, Link2, WifiOff } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { showDatabase } from '@/lib/db/open';
import { connectionsItem } from '@/lib/settings/connection';

/**
 * The page the first install opens: what Linkpilot does, where the service's API key is, the
 * connect form, and what happens offline.
 */
export function Welcome() {
  const [connected, setConnected] = useState<{ email: string; connectionId: string } | null>(null);
  return (
    <main className="welcome stack-lg" aria-labelledby="welcome-heading">
      <div className="stack">
        <span className="welcome-mark" aria-hidden="true">
          <Link2 size={26} />
        </span>
        <h1 id="welcome-heading">{t('welcome.title')}</h1>
        <ul className="welcome-does stack" data-testid="welcome-does">
          <li>{t('welcome.doesShorten')}</li>
          <li>{t('welcome.doesMirror')}</li>
          <li>{t('welcome.doesSync')}</li>
        </ul>
      </div>
      <section className="card stack" aria-labelledby="welcome-key">
        <h2 id="welcome-key" className="row">
          <KeyRound size={18} aria-hidden="true" /> {t('welcome.keyTitle')}
        </h2>
        <p>{t('welcome.keyWhere')}</p>
      </section>
      <section className="card stack-lg" aria-labelledby="welcome-connect">
        <h2 id="welcome-connect">{t('welcome.connectTitle')}</h2>
        {connected ? (
          <>
            <div className="banner banner-ok" role="status" data-testid="welcome-connected">
              <CircleCheck size={16} aria-hidden="true" />
              <span>{t('welcome.connectedAs', { email: connected.email })}</span>
              <a className="button-link" href="/dashboard.html#/links">
                {t('welcome.openDashboard')}
              </a>
            </div>
            <CopyOf connectionId={connected.connectionId} />
          </>
        ) : (
          <ConnectionForm onConnected={({ email, connectionId }) => setConnected({ email, connectionId })} />
        )}
      </section>
      <section className="card stack" aria-labelledby="welcome-offline">
        <h2 id="welcome-offline" className="row">
          <WifiOff size={18} aria-hidden="true" /> {t('welcome.offlineTitle')}
        </h2>
        <p>{t('welcome.offline')}</p>
      </section>
    </main>
  );
}

/** The first copy of the connection just made, read from its own database. */
function CopyOf({ connectionId }: { connectionId: string }) {
  const connections = useStorageItem(connectionsItem);
  const name = connections.value.list.find((c) => c.id === connectionId)?.database;
  if (!name) return null;
  showDatabase(name);
  return <FirstCopyStatus key={name} />;
}
