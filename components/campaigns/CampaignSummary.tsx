import { askFirst } from '@/components/state/confirm';
import { displayUrl } from '@/components/ui/format';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import type { CampaignRow } from '@/lib/db/schema';
import { remove } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';

/** One campaign's line: what it is, where it can be reached, and what can be done with it. */
export function CampaignSummary({
  campaign,
  linksOpen,
  onEdit,
  onToggleLinks,
}: {
  campaign: CampaignRow;
  linksOpen: boolean;
  onEdit: () => void;
  onToggleLinks: () => void;
}) {
  const { name } = campaign;
  async function confirmDelete() {
    // The service keeps the links and only clears their campaign; say so, or people fear losing links.
    const yes = await askFirst({
      title: t('confirm.deleteCampaign'),
      consequence: t('campaigns.confirmDelete', { name }),
      action: t('campaignSummary.delete'),
    });
    if (yes) void remove({ db: database() }, 'campaign', [campaign.key]).then(kickSync);
  }
  return (
    <div className="stack">
      <div className="row">
        <strong className="campaign-name grow">{name}</strong>
        <span className={`badge${campaign.public ? ' badge-accent' : ''}`} data-testid="campaign-access">
          {campaign.public ? t('link.public') : t('link.private')}
        </span>
        <SyncBadge state={campaign.sync} />
        <button
          type="button"
          className="secondary small"
          aria-expanded={linksOpen}
          aria-label={t('campaigns.linksOf', { name })}
          onClick={onToggleLinks}
        >
          {t('campaignSummary.links')}
        </button>
        <button
          type="button"
          className="secondary small"
          aria-label={t('common.editItem', { name: name })}
          onClick={onEdit}
        >
          {t('campaignSummary.edit')}
        </button>
        <button
          type="button"
          className="danger small"
          aria-label={t('common.deleteItem', { name: name })}
          onClick={confirmDelete}
        >
          {t('campaignSummary.delete')}
        </button>
      </div>
      <dl className="facts campaign-urls">
        <dt>{t('campaignSummary.rotator')}</dt>
        <dd data-testid="campaign-rotator">
          {/* The service makes the URL from the slug; until it answers, only the slug is known. */}
          {campaign.rotator ? (
            <ExternalLink href={campaign.rotator} />
          ) : campaign.slug ? (
            t('campaigns.slugPending', { slug: campaign.slug })
          ) : (
            t('campaignSummary.noneGiveItA')
          )}
        </dd>
        <dt>{t('campaignSummary.listPage')}</dt>
        <dd data-testid="campaign-list">
          {campaign.list ? <ExternalLink href={campaign.list} /> : t('campaignSummary.afterSync')}
        </dd>
      </dl>
    </div>
  );
}

/** Service URLs open in a new tab: the dashboard is an extension page and should stay open. */
function ExternalLink({ href }: { href: string }) {
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" dir="ltr">
      {displayUrl(href)}
    </a>
  );
}
