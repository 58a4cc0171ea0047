import { displayUrl } from '@/components/ui/format';
import { ExternalLink, Plus, Undo2 } from '@/components/ui/icons';
import { LinkText } from '@/components/ui/LinkText';
import { plural, t } from '@/lib/browser/i18n';
import type { LinkRow } from '@/lib/db/schema';
import { CopyButton } from './CopyButton';

/** How many of the other links of the page are listed; the rest are counted. */
const LISTED = 3;

/**
 * When the mirror holds several links of the popup's page: says so, lists the others (the best
 * one is shown above it), and offers "Make another", which opens the Shorten form although the
 * page has links; from the form, "Show my links" comes back.
 */
export function SamePageLinks({
  links,
  another,
  onAnother,
}: {
  links: LinkRow[];
  another: boolean;
  onAnother: (another: boolean) => void;
}) {
  if (links.length < 2) return null;
  const others = links.slice(1, 1 + LISTED).filter((l) => l.shorturl);
  return (
    <section className="card stack same-page" aria-label={t('samePage.label')} data-testid="same-page">
      <div className="row">
        <p className="grow small-text" data-testid="same-page-count">
          {plural('samePage.count', links.length)}
        </p>
        {another ? (
          <button type="button" className="ghost small" onClick={() => onAnother(false)}>
            <Undo2 size={14} aria-hidden="true" /> {t('samePage.showLinks')}
          </button>
        ) : (
          <button type="button" className="secondary small" onClick={() => onAnother(true)}>
            <Plus size={14} aria-hidden="true" /> {t('samePage.makeAnother')}
          </button>
        )}
      </div>
      {another ? null : (
        <ul className="item-list same-page-others">
          {others.map((link) => (
            <li key={link.key} className="item-row row small-text">
              <a className="short-url grow link-open" href={link.shorturl} target="_blank" rel="noreferrer">
                <LinkText kind="short" text={link.shorturl} />
                <ExternalLink size={12} aria-hidden="true" />
              </a>
              <CopyButton text={link.shorturl} item={displayUrl(link.shorturl)} />
            </li>
          ))}
          {links.length - 1 > others.length ? (
            <li className="muted small-text">{plural('samePage.more', links.length - 1 - others.length)}</li>
          ) : null}
        </ul>
      )}
    </section>
  );
}
