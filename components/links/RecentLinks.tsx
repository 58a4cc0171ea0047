import { useLiveQuery } from 'dexie-react-hooks';
import { QrCode, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
import { displayUrl } from '@/components/ui/format';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { database } from '@/lib/db/open';
import { searchLinks } from '@/lib/db/queries';
import { CopyButton } from './CopyButton';

/** Recent links with instant local search (alias, title, description, URLs), each with copy and QR. */
export function RecentLinks({ limit = 20 }: { limit?: number }) {
  const [query, setQuery] = useState('');
  const [qrFor, setQrFor] = useState<string | null>(null);
  const links = useLiveQuery(() => searchLinks(database(), query, limit), [query, limit]);
  const ready = links !== undefined;
  useEffect(() => {
    // Marks "interactive" for the popup benchmark: the first time the list is on screen.
    if (ready && performance.getEntriesByName('linkpilot:recent-ready').length === 0)
      performance.mark('linkpilot:recent-ready');
  }, [ready]);
  return (
    <section className="stack recent" aria-labelledby="recent-heading">
      <div className="row-between">
        <h2 id="recent-heading" className="list-heading">
          {query ? 'Search results' : 'Recent links'}
        </h2>
      </div>
      <div className="search-box">
        <Search size={15} aria-hidden="true" />
        <input
          type="search"
          aria-label="Search your links"
          placeholder="Search by title, alias or URL"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      <ul aria-label="Links" className="recent-list" data-testid="recent-links" data-ready={links ? 'true' : 'false'}>
        {links?.map((link) => {
          const name = link.title || displayUrl(link.longurl);
          const short = link.shorturl ? displayUrl(link.shorturl) : '';
          return (
            <li key={link.key} className="recent-link" data-testid="recent-link">
              <div className="recent-text">
                <span className="recent-title truncate" title={link.longurl}>
                  {name}
                </span>
                <span className="recent-short truncate">{short || 'Not synced yet'}</span>
              </div>
              <SyncBadge state={link.sync} />
              {link.shorturl ? <CopyButton text={link.shorturl} item={short} /> : null}
              {link.shorturl ? (
                <button
                  type="button"
                  className="ghost small icon-only"
                  aria-label={`QR code for ${link.alias || short}`}
                  aria-expanded={qrFor === link.key}
                  onClick={() => setQrFor(qrFor === link.key ? null : link.key)}
                >
                  <QrCode size={15} aria-hidden="true" />
                </button>
              ) : null}
              {qrFor === link.key && link.shorturl ? (
                <div className="recent-qr">
                  <QrImage text={link.shorturl} size={120} label={`QR code for ${short}`} fileName={link.alias} />
                </div>
              ) : null}
            </li>
          );
        })}
        {links && links.length === 0 ? (
          <li className="muted recent-empty">
            {query ? 'No link matches.' : 'No links yet: shorten this page to make your first one.'}
          </li>
        ) : null}
      </ul>
    </section>
  );
}
