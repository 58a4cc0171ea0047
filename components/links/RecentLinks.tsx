import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { QrImage } from '@/components/qr/QrImage';
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
    <section className="stack" aria-labelledby="recent-heading">
      <h2 id="recent-heading" className="muted">
        {query ? 'Search results' : 'Recent links'}
      </h2>
      <input
        type="search"
        aria-label="Search your links"
        placeholder="Search links"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul className="stack" aria-label="Links" data-testid="recent-links" data-ready={links ? 'true' : 'false'}>
        {links?.map((link) => (
          <li key={link.key} className="recent-link" data-testid="recent-link">
            <div className="row">
              <span className="short-url truncate">{link.shorturl || link.alias || 'pending…'}</span>
              <SyncBadge state={link.sync} />
              {link.shorturl ? <CopyButton text={link.shorturl} label={`Copy ${link.alias || 'link'}`} /> : null}
              {link.shorturl ? (
                <button
                  type="button"
                  className="secondary"
                  aria-label={`QR code for ${link.alias || link.shorturl}`}
                  aria-expanded={qrFor === link.key}
                  onClick={() => setQrFor(qrFor === link.key ? null : link.key)}
                >
                  QR
                </button>
              ) : null}
            </div>
            <div className="muted truncate" title={link.longurl}>
              {link.title || link.longurl}
            </div>
            {qrFor === link.key && link.shorturl ? (
              <QrImage text={link.shorturl} size={120} label={`QR code for ${link.shorturl}`} fileName={link.alias} />
            ) : null}
          </li>
        ))}
        {links && links.length === 0 ? <li className="muted">{query ? 'No link matches.' : 'No links yet.'}</li> : null}
      </ul>
    </section>
  );
}
