import { useLiveQuery } from 'dexie-react-hooks';
import { useId, useState } from 'react';
import { useStorageItem } from '@/components/hooks/useStorageItem';
import { Folder, Megaphone } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { assignHintSeenItem } from '@/lib/settings/hints';
import { create } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

/**
 * Puts a link into a channel or a campaign, locally at once and synced in the background. The API
 * can assign but never take a link out again (only deleting the channel or campaign does), so once
 * a link is placed, "none" is no longer offered: it could not be kept. That is said once, where it
 * matters: the first time the person opens or changes one of the choices, and then never again.
 */
export function AssignControls({ link }: { link: LinkRow }) {
  const db = database();
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const inChannels = useLiveQuery(() => db.channelItems.where('itemKey').equals(link.key).toArray(), [link.key], []);
  const channelId = useId();
  const campaignId = useId();
  const hintId = useId();
  const channelKey = inChannels[0]?.channelKey ?? '';
  const campaignKey = link.campaignKey ?? '';
  const seen = useStorageItem(assignHintSeenItem);
  const [hint, setHint] = useState(false);
  const aboutToChoose = () => {
    if (!seen.loaded || seen.value || hint) return;
    setHint(true);
    void assignHintSeenItem.setValue(true);
  };
  return (
    <div className="stack assign" data-testid="assign">
      <div className="assign-grid">
        <label htmlFor={channelId} className="assign-label">
          <Folder size={14} aria-hidden="true" /> {t('link.channel')}
        </label>
        <select
          id={channelId}
          value={channelKey}
          aria-describedby={hint ? hintId : undefined}
          onFocus={aboutToChoose}
          onChange={(e) => {
            aboutToChoose();
            if (e.target.value)
              void create({ db }, 'channelItem', {
                channelKey: e.target.value,
                item: { type: 'links', key: link.key },
              }).then(kickSync);
          }}
        >
          {channelKey === '' ? <option value="">{t('link.noChannel')}</option> : null}
          {channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <label htmlFor={campaignId} className="assign-label">
          <Megaphone size={14} aria-hidden="true" /> {t('link.campaign')}
        </label>
        <select
          id={campaignId}
          value={campaignKey}
          aria-describedby={hint ? hintId : undefined}
          onFocus={aboutToChoose}
          onChange={(e) => {
            aboutToChoose();
            if (e.target.value)
              void create({ db }, 'campaignLink', { campaignKey: e.target.value, key: link.key }).then(kickSync);
          }}
        >
          {campaignKey === '' ? <option value="">{t('link.noCampaign')}</option> : null}
          {campaigns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {hint ? (
        <p id={hintId} className="muted small-text" data-testid="assign-hint">
          {t('assign.cannotRemove')}
        </p>
      ) : null}
    </div>
  );
}
