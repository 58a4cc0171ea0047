import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { assignToCampaign, assignToChannel } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

/** Puts a link into a channel or a campaign, locally at once and synced in the background. */
export function AssignControls({ link }: { link: LinkRow }) {
  const db = database();
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const inChannels = useLiveQuery(() => db.channelItems.where('itemKey').equals(link.key).toArray(), [link.key], []);
  const channelId = useId();
  const campaignId = useId();
  return (
    <div className="row">
      <label htmlFor={channelId}>Channel</label>
      <select
        id={channelId}
        value={inChannels[0]?.channelKey ?? ''}
        onChange={(e) =>
          e.target.value &&
          void assignToChannel({ db }, e.target.value, { type: 'links', key: link.key }).then(kickSync)
        }
      >
        <option value="">None</option>
        {channels.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name}
          </option>
        ))}
      </select>
      <label htmlFor={campaignId}>Campaign</label>
      <select
        id={campaignId}
        value={link.campaignKey ?? ''}
        onChange={(e) => e.target.value && void assignToCampaign({ db }, e.target.value, link.key).then(kickSync)}
      >
        <option value="">None</option>
        {campaigns.map((c) => (
          <option key={c.key} value={c.key}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
