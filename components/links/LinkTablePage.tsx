import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { usePicked } from '@/components/hooks/usePicked';
import { NO_LINK_FILTERS, useDashboard } from '@/components/state/dashboard';
import { useRecordingSince } from '@/components/stats/useHistory';
import { copiedSoFar } from '@/components/sync/FirstCopy';
import { MirrorProgress } from '@/components/sync/MirrorProgress';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { shortMoment } from '@/components/ui/format';
import { Download, Link2, ListPlus, Plus, Search, SearchX } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { database } from '@/lib/db/open';
import { type LinkTableQuery, TRENDING_DAYS } from '@/lib/links/link-table';
import { BulkShorten } from './BulkShorten';
import { ExportButtons } from './ExportButtons';
import { LinkDetailPanel } from './LinkDetailPanel';
import { LinkSelectionBar } from './LinkSelectionBar';
import { LinkTable } from './LinkTable';
import { NewLinkForm } from './NewLinkForm';
import { ShortUrlLookup } from './ShortUrlLookup';
import './links.css';
import { t } from '@/lib/browser/i18n';

/** All links: a fast table with search and filters, the open link beside it, "New link" in a dialog. */
export function LinkTablePage() {
  const db = database();
  const {
    linkQuery: query,
    filterLinks: set,
    openLink: open,
    openLinkDetail: setOpen,
    creatingLink: creating,
    setCreatingLink: setCreating,
  } = useDashboard();
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const domains = useLiveQuery(() => db.domains.toArray(), [], []);
  const recordingSince = useRecordingSince(TRENDING_DAYS);
  const [bulk, setBulk] = useState(false);
  const { picked, pick, clear } = usePicked();
  const newLink = (
    <button type="button" onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden="true" /> {t('linkTablePage.newLink')}
    </button>
  );
  return (
    <section className="stack-lg links-page" aria-labelledby="links-heading">
      <SectionHead id="links-heading" title={t('campaignSummary.links')}>
        <ShortUrlLookup onFound={setOpen} />
        <ExportButtons />
        <button type="button" className="secondary" onClick={() => setBulk(true)}>
          <ListPlus size={16} aria-hidden="true" /> {t('linkTablePage.shortenMany')}
        </button>
        {newLink}
      </SectionHead>
      <search className="toolbar" aria-label={t('linkTablePage.filterLinks')}>
        <div className="search-box">
          <Search size={15} aria-hidden="true" />
          <input
            type="search"
            aria-label={t('linkTablePage.search')}
            placeholder={t('linkTablePage.searchLinks')}
            value={query.search}
            onChange={(e) => {
              performance.mark(`linkpilot:search-typed:${e.target.value}`);
              set({ search: e.target.value });
            }}
          />
        </div>
        <select
          aria-label={t('linkTablePage.sortBy')}
          value={query.sort}
          onChange={(e) => set({ sort: e.target.value as LinkTableQuery['sort'] })}
        >
          <option value="date">{t('linkTablePage.newestFirst')}</option>
          <option value="clicks">{t('linkTablePage.mostClicksFirst')}</option>
          <option value="trending">
            {recordingSince === null
              ? t('trends.trendingFirst')
              : // The moment as short as the column's ("10:24 AM" today): a whole date and time made the
                // select so wide that the filters after it no longer fitted on the toolbar's line.
                t('trends.trendingSince', { date: shortMoment(recordingSince) })}
          </option>
        </select>
        {/* The filters wrap as one group when the line is too short for them, not one by one. */}
        <div className="toolbar-filters">
          <select
            aria-label={t('link.channel')}
            value={query.channelKey ?? ''}
            onChange={(e) => set({ channelKey: e.target.value || null })}
          >
            <option value="">{t('linkTablePage.allChannels')}</option>
            {channels.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label={t('link.campaign')}
            value={query.campaignKey ?? ''}
            onChange={(e) => set({ campaignKey: e.target.value || null })}
          >
            <option value="">{t('linkTablePage.allCampaigns')}</option>
            {campaigns.map((c) => (
              <option key={c.key} value={c.key}>
                {c.name}
              </option>
            ))}
          </select>
          <select
            aria-label={t('link.domain')}
            value={query.domain ?? ''}
            onChange={(e) => set({ domain: e.target.value || null })}
          >
            <option value="">{t('linkTablePage.allDomains')}</option>
            {domains.map((d) => (
              <option key={d.key} value={d.domain}>
                {d.domain}
              </option>
            ))}
          </select>
          <select
            aria-label={t('link.visibility')}
            title={t('linkTablePage.knownForLinksCreated')}
            value={query.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || null) as LinkTableQuery['status'] })}
          >
            <option value="">{t('linkTablePage.publicAndPrivate')}</option>
            <option value="public">{t('link.public')}</option>
            <option value="private">{t('link.private')}</option>
          </select>
        </div>
      </search>
      <div className={`links-layout${open ? ' with-detail' : ''}`}>
        <LinkTable
          query={query}
          onOpen={setOpen}
          selected={open}
          picked={picked}
          onPick={pick}
          actions={picked.size > 0 ? <LinkSelectionBar keys={[...picked]} onClear={clear} /> : null}
          empty={(filtered, copying) =>
            filtered ? (
              <EmptyState
                icon={SearchX}
                title={t('linkTablePage.noLinkMatches')}
                action={
                  <button type="button" className="secondary" onClick={() => set(NO_LINK_FILTERS)}>
                    {t('linkTablePage.clearSearchAndFilters')}
                  </button>
                }
              >
                {t('linkTablePage.tryFewerWordsOr')}
              </EmptyState>
            ) : copying ? (
              // Before the copy reaches the links, an empty list means "not here yet", not "none".
              <EmptyState icon={Download} title={t('firstCopy.title')} action={<MirrorProgress />}>
                {copiedSoFar(0, copying.expected)}
              </EmptyState>
            ) : (
              <EmptyState icon={Link2} title={t('linkTablePage.noLinksYet')} action={newLink}>
                {t('linkTablePage.shortenAPageFrom')}
              </EmptyState>
            )
          }
        />
        {open ? <LinkDetailPanel key={open} linkKey={open} onClose={() => setOpen(null)} /> : null}
      </div>
      {bulk ? (
        <Dialog title={t('linkTablePage.shortenManyLinks')} onClose={() => setBulk(false)} testId="bulk-dialog">
          <BulkShorten />
        </Dialog>
      ) : null}
      {creating ? (
        <Dialog title={t('linkTablePage.newShortLink')} onClose={() => setCreating(false)} testId="new-link-dialog">
          <NewLinkForm onCreated={setOpen} />
        </Dialog>
      ) : null}
    </section>
  );
}
