import { useLiveQuery } from 'dexie-react-hooks';
import { useId } from 'react';
import { useDashboard } from '@/components/state/dashboard';
import type { LinkTableQuery } from '@/lib/db/link-table';
import { database } from '@/lib/db/open';
import { ExportButtons } from './ExportButtons';
import { LinkDetailPanel } from './LinkDetailPanel';
import { LinkTable } from './LinkTable';
import { NewLinkForm } from './NewLinkForm';
import { ShortUrlLookup } from './ShortUrlLookup';
import './links.css';

/** All links: a fast table with sort, search and filters; create with every field; details. */
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
  const ids = { search: useId(), sort: useId(), channel: useId(), campaign: useId(), domain: useId(), status: useId() };
  return (
    <section className="stack" aria-labelledby="links-heading">
      <div className="row">
        <h2 id="links-heading">Links</h2>
        <button type="button" aria-expanded={creating} onClick={() => setCreating(!creating)}>
          New short link
        </button>
        <ExportButtons />
      </div>
      {creating ? <NewLinkForm onCreated={setOpen} /> : null}
      <ShortUrlLookup onFound={setOpen} />
      {open ? <LinkDetailPanel linkKey={open} onClose={() => setOpen(null)} /> : null}
      <search className="filters">
        <label htmlFor={ids.search}>
          Search
          <input
            id={ids.search}
            type="search"
            value={query.search}
            onChange={(e) => {
              performance.mark(`linkpilot:search-typed:${e.target.value}`);
              set({ search: e.target.value });
            }}
          />
        </label>
        <label htmlFor={ids.sort}>
          Sort by
          <select
            id={ids.sort}
            value={query.sort}
            onChange={(e) => set({ sort: e.target.value as LinkTableQuery['sort'] })}
          >
            <option value="date">Newest</option>
            <option value="clicks">Most clicks</option>
          </select>
        </label>
        <label htmlFor={ids.channel}>
          Channel
          <select
            id={ids.channel}
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
        </label>
        <label htmlFor={ids.campaign}>
          Campaign
          <select
            id={ids.campaign}
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
        </label>
        <label htmlFor={ids.domain}>
          Domain
          <select id={ids.domain} value={query.domain ?? ''} onChange={(e) => set({ domain: e.target.value || null })}>
            <option value="">All domains</option>
            {domains.map((d) => (
              <option key={d.key} value={d.domain}>
                {d.domain}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.status}>
          Status
          <select
            id={ids.status}
            title="Known for links created here: the API's listing does not say"
            value={query.status ?? ''}
            onChange={(e) => set({ status: (e.target.value || null) as LinkTableQuery['status'] })}
          >
            <option value="">Any status</option>
            <option value="public">Public</option>
            <option value="private">Private</option>
          </select>
        </label>
      </search>
      <LinkTable query={query} onOpen={setOpen} />
    </section>
  );
}
