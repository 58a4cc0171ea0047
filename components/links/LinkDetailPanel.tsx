import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { QuickStats } from '@/components/stats/QuickStats';
import { RecordHistoryLater } from '@/components/stats/RecordHistoryLater';
import { RecordConflicts } from '@/components/sync/ConflictNotice';
import { TwinNotice } from '@/components/sync/TwinNotice';
import { displayUrl, formatDateTime } from '@/components/ui/format';
import { ExternalLink, X } from '@/components/ui/icons';
import { LinkText } from '@/components/ui/LinkText';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import { isWebUrl } from '@/lib/api/web-url';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { sendRequest } from '@/lib/messages/send';
import { AssignControls } from './AssignControls';
import { CopyButton } from './CopyButton';
import { LinkEditActions } from './LinkEditActions';

/**
 * One link in full, beside the table: short URL, statistics, targeting, channel and campaign, QR code.
 * Mounted once per link (keyed by it): what it read and said, a refresh's note too, is that link's.
 */
export function LinkDetailPanel({ linkKey, onClose }: { linkKey: string; onClose: () => void }) {
  const db = database();
  // Read together: the link is never shown before its statistics are read.
  const read = useLiveQuery(
    async () => ({ link: await db.links.get(linkKey), stats: await db.linkStats.get(linkKey) }),
    [linkKey],
  );
  const link = read?.link;
  const stats = read?.stats;
  const [note, setNote] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh once per link and once its id is known, not on every change of the record.
  useEffect(() => {
    if (!link || link.id === null) return;
    sendRequest({ type: 'link.refresh', key: linkKey }).then(
      () => setNote(null),
      (e: unknown) => setNote(isApiError(e) ? t('pageLink.statsNotRefreshed', { reason: errorInWords(e, '') }) : null),
    );
  }, [linkKey, link?.id]);
  // Still being read: the panel's place is kept, empty, so that the table does not jump.
  if (!read) return <div className="detail-panel card" aria-hidden="true" />;
  if (!link) return null;
  const targets = stats
    ? [
        ...stats.location.map((target) => ({ ...target, kind: 'links.targetCountry' as const })),
        ...stats.device.map((target) => ({ ...target, kind: 'links.targetDevice' as const })),
      ]
    : [];
  return (
    <aside className="detail-panel card stack-lg" aria-labelledby="link-detail-heading" data-testid="link-detail">
      <div className="row-between">
        <h3 id="link-detail-heading" className="grow">
          <LinkText kind="title" text={link.title || link.alias || t('linkDetailPanel.shortLink')} />
        </h3>
        <button
          type="button"
          className="ghost icon-only"
          aria-label={t('linkDetailPanel.closeTheDetails')}
          onClick={onClose}
        >
          <X size={18} aria-hidden="true" />
        </button>
      </div>
      {link.shorturl ? (
        <div className="short-row">
          <span className="short-url big grow">
            <LinkText kind="short" text={link.shorturl} testId="detail-short-url" />
          </span>
          <CopyButton text={link.shorturl} item={displayUrl(link.shorturl)} variant="primary" />
        </div>
      ) : (
        <div className="row">
          <p className="muted grow">{t('linkDetailPanel.theShortUrlAppears')}</p>
          <SyncBadge state={link.sync} />
        </div>
      )}
      <dl className="facts">
        <dt>{t('linkDetailPanel.goesTo')}</dt>
        <dd className="detail-long">
          {isWebUrl(link.longurl) ? (
            <a className="link-open" href={link.longurl} target="_blank" rel="noreferrer">
              <LinkText kind="address" text={link.longurl} testId="detail-long-url" />
              <ExternalLink size={12} aria-hidden="true" />
            </a>
          ) : (
            <LinkText kind="address" text={link.longurl} testId="detail-long-url" />
          )}
        </dd>
        <dt>{t('catalogPage.created')}</dt>
        <dd data-testid="link-created">{formatDateTime(link.date)}</dd>
        {stats?.expiry ? (
          <>
            <dt>{t('link.expires')}</dt>
            <dd>{formatDateTime(stats.expiry)}</dd>
          </>
        ) : null}
        {link.description ? (
          <>
            <dt>{t('linkDetailPanel.note')}</dt>
            <dd>{link.description}</dd>
          </>
        ) : null}
      </dl>
      <LinkEditActions link={link} stats={stats} />
      <RecordConflicts recordKey={link.key} />
      {link.twinOf ? <TwinNotice name={link.longurl} /> : null}
      <QuickStats clicks={link.clicks} stats={stats} />
      {note ? <p className="muted small-text">{note}</p> : null}
      <RecordHistoryLater
        kind="link"
        record={{ id: link.id, date: link.date, total: link.clicks }}
        name={link.shorturl}
        fileName={link.alias || 'link'}
      />
      {targets.length > 0 ? (
        <div className="stack">
          <h4>{t('link.groupTargeting')}</h4>
          <ul className="stack">
            {targets.map((target) => (
              <li key={`${target.kind}${target.name}`} className="small-text">
                {t(target.kind, { name: target.name, link: displayUrl(target.link) })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <AssignControls link={link} />
      {link.shorturl ? (
        <QrImage
          text={link.shorturl}
          label={t('common.qrFor', { name: displayUrl(link.shorturl) })}
          fileName={link.alias}
        />
      ) : null}
    </aside>
  );
}
