import { useLiveQuery } from 'dexie-react-hooks';
import { Link2, ListPlus, Plus, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { NO_LINK_FILTERS, useDashboard } from '@/components/state/dashboard';
import { Dialog } from '@/components/ui/Dialog';
import { EmptyState } from '@/components/ui/EmptyState';
import { SectionHead } from '@/components/ui/SectionHead';
import type { LinkTableQuery } from '@/lib/db/link-table';
import { database } from '@/lib/db/open';
import { BulkShorten } from './BulkShorten';
import { ExportButtons } from './ExportButtons';
import { LinkDetailPanel } from './LinkDetailPanel';
import { LinkTable } from './LinkTable';
import { NewLinkForm } from './NewLinkForm';
import { ShortUrlLookup } from './ShortUrlLookup';
import './links.css';

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
  const [bulk, setBulk] = useState(false);
  const newLink = (
    <button type="button" onClick={() => setCreating(true)}>
      <Plus size={16} aria-hidden="true" /> New link
    </button>
  );
  return (
    <section className="stack-lg" aria-labelledby="links-heading">
      <SectionHead id="links-heading" title="Links">
        <ShortUrlLookup onFound={setOpen} />
        <ExportButtons />
        <button type="button" className="secondary" onClick={() => setBulk(true)}>
          <ListPlus size={16} aria-hidden="true" /> Shorten many
        </button>
        {newLink}
      </SectionHead>
      <search className="toolbar" aria-label="Filter links">
        <div className="search-box">
          <Search size={15} aria-hidden="true" />
          <input
            type="search"
            aria-label="Search"
            placeholder="Search links"
            value={query.search}
            onChange={(e) => {
              performance.mark(`linkpilot:search-typed:${e.target.value}`);
              set({ search: e.target.value });
            }}
          />
        </div>
        <select
          aria-label="Sort by"
          value={query.sort}
          onChange={(e) => set({ sort: e.target.value as LinkTableQuery['sort'] })}
        >
          <option value="date">Newest first</option>
          <option value="clicks">Most clicks first</option>
        </select>
        <select
          aria-label="Channel"
          value={query.channelKey ?? ''}
          onChange={(e) => set({ channelKey: e.target.value || null })}
        >
          <option value="">All channels</option>
          {channels.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Campaign"
          value={query.campaignKey ?? ''}
          onChange={(e) => set({ campaignKey: e.target.value || null })}
        >
          <option value="">All campaigns</option>
          {campaigns.map((c) => (
            <option key={c.key} value={c.key}>
              {c.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Domain"
          value={query.domain ?? ''}
          onChange={(e) => set({ domain: e.target.value || null })}
        >
          <option value="">All domains</option>
          {domains.map((d) => (
            <option key={d.key} value={d.domain}>
              {d.domain}
            </option>
          ))}
        </select>
        <select
          aria-label="Visibility"
          title="Known for links created here: the service's listing does not say"
          value={query.status ?? ''}
          onChange={(e) => set({ status: (e.target.value || null) as LinkTableQuery['status'] })}
        >
          <option value="">Public and private</option>
          <option value="public">Public</option>
          <option value="private">Private</option>
        </select>
      </search>
      <div className={`links-layout${open ? ' with-detail' : ''}`}>
        <LinkTable
          query={query}
          onOpen={setOpen}
          selected={open}
          empty={(filtered) =>
            filtered ? (
              <EmptyState
                icon={SearchX}
                title="No link matches"
                action={
                  <button type="button" className="secondary" onClick={() => set(NO_LINK_FILTERS)}>
                    Clear search and filters
                  </button>
                }
              >
                Try fewer words, or another channel or campaign.
              </EmptyState>
            ) : (
              <EmptyState icon={Link2} title="No links yet" action={newLink}>
                Shorten a page from the toolbar button, or make a link here with every option.
              </EmptyState>
            )
          }
        />
        {open ? <LinkDetailPanel linkKey={open} onClose={() => setOpen(null)} /> : null}
      </div>
      {bulk ? (
        <Dialog title="Shorten many links" onClose={() => setBulk(false)} testId="bulk-dialog">
          <BulkShorten />
        </Dialog>
      ) : null}
      {creating ? (
        <Dialog title="New short link" onClose={() => setCreating(false)} testId="new-link-dialog">
          <NewLinkForm onCreated={setOpen} />
        </Dialog>
      ) : null}
    </section>
  );
}
