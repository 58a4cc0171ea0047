import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { useDefaultDomainLabel } from '@/components/hooks/useDefaultDomain';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { formatPercent } from '@/components/ui/format';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { requestTimeoutItem, TIMEOUT_CHOICES } from '@/lib/settings/advanced';
import { type LinkDefaults, linkDefaultsItem } from '@/lib/settings/link-defaults';
import { REFRESH_SHARE_CHOICES, refreshShareItem } from '@/lib/settings/refresh';
import { type Theme, themeItem } from '@/lib/settings/theme';
import { OwnVisitsCard } from './OwnVisitsCard';
import { SettingsCard } from './SettingsCard';
import { SitePresetsCard } from './SitePresetsCard';

/**
 * Defaults for new links (used by the popup, New link, the menu and the shortcut), the connection's
 * limits and the theme: one card per subject, each a column of labelled rows that line up across
 * cards (one label width). Saved as chosen.
 */
export function PreferencesForm() {
  const defaultDomain = useDefaultDomainLabel();
  const db = database();
  const defaults = useStorageItem(linkDefaultsItem);
  const theme = useStorageItem(themeItem);
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const timeout = useStorageItem(requestTimeoutItem);
  const share = useStorageItem(refreshShareItem);
  const ids = {
    status: useId(),
    type: useId(),
    domain: useId(),
    channel: useId(),
    campaign: useId(),
    theme: useId(),
    timeout: useId(),
    share: useId(),
  };
  const set = (patch: Partial<LinkDefaults>) => void linkDefaultsItem.setValue({ ...defaults.value, ...patch });
  const d = defaults.value;
  return (
    <>
      <SettingsCard id="prefs-heading" title={t('preferencesForm.defaultsForNewLinks')}>
        <label htmlFor={ids.status}>{t('newLinkForm.status')}</label>
        <select
          id={ids.status}
          value={d.status}
          onChange={(e) => set({ status: e.target.value as LinkDefaults['status'] })}
        >
          <option value="private">{t('link.private')}</option>
          <option value="public">{t('link.public')}</option>
        </select>
        <label htmlFor={ids.type}>{t('newLinkForm.redirectType')}</label>
        <select id={ids.type} value={d.type} onChange={(e) => set({ type: e.target.value })}>
          <option value="direct">{t('link.redirectType.direct')}</option>
          <option value="frame">{t('link.redirectType.frame')}</option>
          <option value="splash">{t('link.redirectType.splash')}</option>
        </select>
        <label htmlFor={ids.domain}>{t('link.domain')}</label>
        <select id={ids.domain} value={d.domain} onChange={(e) => set({ domain: e.target.value })}>
          <option value="">{defaultDomain}</option>
          {domains
            .filter((x) => x.id !== null)
            .map((x) => (
              <option key={x.key} value={x.domain}>
                {x.domain}
              </option>
            ))}
        </select>
        <label htmlFor={ids.channel}>{t('link.channel')}</label>
        <select
          id={ids.channel}
          value={d.channelKey ?? ''}
          onChange={(e) => set({ channelKey: e.target.value || null })}
        >
          <option value="">{t('link.noChannel')}</option>
          {channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <label htmlFor={ids.campaign}>{t('link.campaign')}</label>
        <select
          id={ids.campaign}
          value={d.campaignKey ?? ''}
          onChange={(e) => set({ campaignKey: e.target.value || null })}
        >
          <option value="">{t('link.noCampaign')}</option>
          {campaigns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
      </SettingsCard>
      <SitePresetsCard />
      <OwnVisitsCard />
      <SettingsCard id="prefs-connection-heading" title={t('preferencesForm.connection')}>
        <label htmlFor={ids.timeout}>{t('preferencesForm.waitForTheService')}</label>
        <select
          id={ids.timeout}
          value={timeout.value}
          onChange={(e) => void requestTimeoutItem.setValue(Number(e.target.value))}
        >
          {TIMEOUT_CHOICES.map((s) => (
            <option key={s} value={s}>
              {plural('settings.seconds', s)}
            </option>
          ))}
        </select>
        <label htmlFor={ids.share}>{t('preferencesForm.backgroundRefreshMayUse')}</label>
        <select
          id={ids.share}
          value={share.value}
          onChange={(e) => void refreshShareItem.setValue(Number(e.target.value))}
        >
          {REFRESH_SHARE_CHOICES.map((p) => (
            <option key={p} value={p}>
              {t('settings.percentOfAllowance', { percent: formatPercent(p) })}
            </option>
          ))}
        </select>
      </SettingsCard>
      <SettingsCard id="prefs-appearance-heading" title={t('preferencesForm.appearance')}>
        <label htmlFor={ids.theme}>{t('preferencesForm.theme')}</label>
        <select id={ids.theme} value={theme.value} onChange={(e) => void themeItem.setValue(e.target.value as Theme)}>
          <option value="system">{t('preferencesForm.sameAsTheSystem')}</option>
          <option value="light">{t('preferencesForm.light')}</option>
          <option value="dark">{t('preferencesForm.dark')}</option>
        </select>
      </SettingsCard>
    </>
  );
}
