import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { formatNumber } from '@/components/ui/format';
import { t } from '@/lib/browser/i18n';
import { requestOriginsAccess } from '@/lib/browser/permissions';
import { database } from '@/lib/db/open';
import { countThisMonth, MAX_OWN_VISIT_RULES } from '@/lib/links/own-visits';
import { ownVisitCountItem, ownVisitHostsItem, ownVisitsLeftItem, ownVisitsOnItem } from '@/lib/settings/own-visits';
import { originPermissionPattern } from '@/lib/settings/service-url';
import { SettingsCard } from './SettingsCard';

/** Keeps which hosts were granted for this connection's branded domains, so they can be given back. */
async function recordHosts(databaseName: string, patterns: string[]): Promise<void> {
  if (patterns.length === 0) return;
  const requested = await ownVisitHostsItem.getValue();
  const mine = new Set([...(requested[databaseName] ?? []), ...patterns]);
  await ownVisitHostsItem.setValue({ ...requested, [databaseName]: [...mine] });
}

/**
 * "Own visits not counted": off until turned on. Turning it on asks, in the same click, for the
 * branded domains' hosts (a redirect rule acts only on hosts the extension may access); the
 * service's own host was granted at Connect. The worker gives the branded hosts back when it is
 * turned off or the connection removed (entrypoints/background/own-visit-hosts.ts). Shows how
 * many visits skipped the service this month.
 */
export function OwnVisitsCard() {
  const db = database();
  const on = useStorageItem(ownVisitsOnItem).value;
  const counted = useStorageItem(ownVisitCountItem).value;
  const left = useStorageItem(ownVisitsLeftItem).value;
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const [refused, setRefused] = useState<string[]>([]);
  const id = useId();

  function toggle(checked: boolean) {
    if (!checked) {
      setRefused([]);
      void ownVisitsOnItem.setValue(false);
      return;
    }
    const hosts = domains.filter((d) => d.id !== null && /^https?:\/\//.test(d.domain)).map((d) => d.domain);
    const patterns = [...new Set(hosts.map(originPermissionPattern))];
    // Asked for before anything else is awaited: the browser shows its prompt only from the click.
    void requestOriginsAccess(patterns)
      .catch(() => false)
      .then(async (granted) => {
        setRefused(granted ? [] : hosts);
        // On first, then the hosts recorded: the worker gives back what is recorded while the setting is off.
        await ownVisitsOnItem.setValue(true);
        if (granted) await recordHosts(db.name, patterns);
      });
  }

  return (
    <SettingsCard id="prefs-own-visits-heading" title={t('ownVisits.heading')}>
      <label htmlFor={id}>{t('ownVisits.toggle')}</label>
      <input id={id} type="checkbox" checked={on} onChange={(e) => toggle(e.target.checked)} />
      <p className="muted small-text prefs-wide">{t('ownVisits.explain')}</p>
      {refused.length > 0 ? (
        <p className="small-text prefs-wide" role="status">
          {t('ownVisits.hostsRefused', { hosts: refused.join(', ') })}
        </p>
      ) : null}
      {on && left > 0 ? (
        <p className="small-text prefs-wide" role="status">
          {t('ownVisits.capped', { max: formatNumber(MAX_OWN_VISIT_RULES) })}
        </p>
      ) : null}
      <span>{t('ownVisits.thisMonth')}</span>
      <output data-testid="own-visits-count">{formatNumber(countThisMonth(counted, new Date()))}</output>
    </SettingsCard>
  );
}
