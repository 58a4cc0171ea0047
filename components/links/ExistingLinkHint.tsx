import { useLiveQuery } from 'dexie-react-hooks';
import { displayUrl } from '@/components/ui/format';
import { withElements } from '@/components/ui/with-elements';
import { raw } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { linkForPage } from '@/lib/db/queries';

/**
 * Under a long URL being typed: "You already have a link to this page: …" with that link (tracking
 * parameters aside, see lib/links/page-identity.ts). A hint only; making another stays allowed.
 */
export function ExistingLinkHint({ url }: { url: string }) {
  const db = database();
  const typed = url.trim();
  const link = useLiveQuery(
    async () => (/^https?:\/\/[^/]/i.test(typed) ? ((await linkForPage(db, typed)) ?? null) : null),
    [typed],
  );
  if (!link?.shorturl) return null;
  return (
    <p className="muted small-text" role="status" data-testid="existing-link-hint">
      {withElements(raw('samePage.newLinkHint'), {
        link: (
          <a className="short-url" href={link.shorturl} target="_blank" rel="noreferrer">
            {displayUrl(link.shorturl)}
          </a>
        ),
      })}
    </p>
  );
}
