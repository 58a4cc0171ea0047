import { useLiveQuery } from 'dexie-react-hooks';
import { lazy, Suspense, useId, useState } from 'react';
import { useFreshWhileShown } from '@/components/sync/useFreshWhileShown';
import { clearIfStill } from '@/components/ui/clear-if-still';
import { LinkText, LinkTitle } from '@/components/ui/LinkText';
import { SyncBadge } from '@/components/ui/SyncBadge';
import type { ChannelItemType } from '@/lib/api/schemas/channels';
import { isWebUrl } from '@/lib/api/web-url';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { ITEM_TYPES, isItemOf, isItemType } from '@/lib/kinds/item-types';
import { create } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

const LinksHistory = lazy(() => import('@/components/stats/LinksHistory'));

/**
 * The items of one channel, and assigning links, QR codes and bio pages to it. Bio pages exist
 * only on the service; the ones the mirror has seen in any channel are offered. While shown, the
 * items are kept fresh (never older than a minute).
 */
export function ChannelItems({ channelKey, channelName }: { channelKey: string; channelName: string }) {
  const db = database();
  // What another app puts into this channel shows within a minute while it is open.
  useFreshWhileShown([{ type: 'channel', key: channelKey }]);
  const items = useLiveQuery(() => db.channelItems.where('channelKey').equals(channelKey).toArray(), [channelKey], []);
  // The links among its items, as mirrored: their clicks together, and over time.
  const itemLinks = useLiveQuery(
    async () => {
      const keys = items.filter((i) => isItemOf(i, 'link') && i.itemKey !== null).map((i) => i.itemKey!);
      return (await db.links.bulkGet(keys)).filter((l) => l !== undefined);
    },
    [items],
    [],
  );
  const links = useLiveQuery(() => db.links.orderBy('date').reverse().limit(200).toArray(), [], []);
  const qrs = useLiveQuery(() => db.qrs.orderBy('date').reverse().limit(200).toArray(), [], []);
  const bios = useLiveQuery(
    async () => {
      const rows = await db.channelItems.filter((i) => i.type === 'bio' && i.itemId !== null).toArray();
      return [...new Map(rows.map((r) => [r.itemId, r])).values()];
    },
    [],
    [],
  );
  const [choice, setChoice] = useState('');
  const selectId = useId();

  async function assign() {
    const sent = choice;
    const [type, value] = sent.split(':') as [ChannelItemType, string];
    if (!value) return;
    if (type === 'bio') {
      const bio = bios.find((b) => String(b.itemId) === value);
      await create({ db }, 'channelItem', {
        channelKey,
        item: { type: 'bio', id: Number(value), title: bio?.title ?? '' },
      });
    } else await create({ db }, 'channelItem', { channelKey, item: { type, key: value } });
    setChoice(clearIfStill(sent));
    kickSync();
  }

  return (
    <div className="stack" data-testid="channel-items">
      <h4>{t('channels.itemsIn', { name: channelName })}</h4>
      {items.length === 0 ? <p className="muted">{t('channelItems.nothingInThisChannel')}</p> : null}
      {itemLinks.length > 0 ? (
        <Suspense fallback={null}>
          <LinksHistory links={itemLinks} name={channelName} />
        </Suspense>
      ) : null}
      <ul className="item-list">
        {items.map((item) => (
          <li key={item.key} className="row item-row" data-testid="channel-item">
            <span className="badge">{isItemType(item.type) ? t(ITEM_TYPES[item.type].label) : item.type}</span>
            <LinkTitle title={item.title} url={item.link} />
            {isWebUrl(item.link) && item.title ? (
              <a href={item.link} target="_blank" rel="noreferrer" className="small-text link-open">
                <LinkText kind="address" text={item.link} />
              </a>
            ) : null}
            <SyncBadge state={item.sync} />
          </li>
        ))}
      </ul>
      <div className="row add-row">
        <label htmlFor={selectId}>{t('channels.addTo', { name: channelName })}</label>
        <select id={selectId} value={choice} onChange={(e) => setChoice(e.target.value)}>
          <option value="">{t('channelItems.chooseALinkQr')}</option>
          <optgroup label={t('campaignSummary.links')}>
            {links.map((l) => (
              <option key={l.key} value={`links:${l.key}`}>
                {l.title || l.shorturl || l.longurl}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('channelItems.qrCodes')}>
            {qrs.map((q) => (
              <option key={q.key} value={`qr:${q.key}`}>
                {q.name || q.link || t('pageLink.qr')}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('channelItems.bioPages')}>
            {bios.map((b) => (
              <option key={b.key} value={`bio:${b.itemId}`}>
                {b.title || t('channels.bioPage', { id: String(b.itemId) })}
              </option>
            ))}
          </optgroup>
        </select>
        <button type="button" disabled={!choice} onClick={() => void assign()}>
          {t('channelItems.add')}
        </button>
      </div>
    </div>
  );
}
