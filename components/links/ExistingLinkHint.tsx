import { useLiveQuery } from 'dexie-react-hooks';
import { displayUrl } from '@/components/ui/format';
import { withElements } from '@/components/ui/with-elements';
import { raw, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { linkOfShortUrl, linksToPage } from '@/lib/links/queries';

/**
 * Under a long URL being typed: "You already have a link to this page: …" with that link (tracking
 * parameters aside, see lib/db/page-identity.ts). A hint only; making another stays allowed.
 * A short URL of the account's typed there is no page of theirs but one that would lead back to the
 * service: said as that, with the page it leads to offered instead (`onUse`). Hidden while the field
 * shows an error, so the two never say different things at once.
 */
export function ExistingLinkHint({
  url,
  hidden,
  onUse,
}: {
  url: string;
  hidden: boolean;
  onUse: (longUrl: string) => void;
}) {
  const db = database();
  const typed = url.trim();
  const found = useLiveQuery(async () => {
    if (!/^https?:\/\/[^/]/i.test(typed)) return null;
    const short = await linkOfShortUrl(db, typed);
    if (short) return { link: short, isShort: true };
    // Not linkForPage: it would look the short URL up again.
    const [link] = await linksToPage(db, typed);
    return link ? { link, isShort: false } : null;
  }, [typed]);
  if (hidden || !found?.link.shorturl) return null;
  const { link, isShort } = found;
  if (isShort) {
    return (
      <div className="stack" role="status" data-testid="short-url-typed">
        <p className="muted small-text">{t('newLink.isShortLink', { long: displayUrl(link.longurl) })}</p>
        <button type="button" className="secondary small fit-content" onClick={() => onUse(link.longurl)}>
          {t('newLink.useLongUrl')}
        </button>
      </div>
    );
  }
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
