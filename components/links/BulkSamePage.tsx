import { useId } from 'react';
import { formatNumber } from '@/components/ui/format';
import { LinkText } from '@/components/ui/LinkText';
import { plural, t } from '@/lib/browser/i18n';
import type { AlreadyShortened } from '@/lib/bulk/same-page';

/**
 * The lines of a bulk list whose page already has a link, each with that link, and the person's
 * choice: use those links in the results (the default), or shorten those pages again.
 */
export function BulkSamePage({
  existing,
  again,
  onAgain,
}: {
  existing: AlreadyShortened[];
  again: boolean;
  onAgain: (again: boolean) => void;
}) {
  const name = useId();
  if (existing.length === 0) return null;
  return (
    <fieldset className="stack same-page" data-testid="bulk-same-page">
      <legend>{plural('samePage.bulkFound', existing.length)}</legend>
      <ul className="item-list">
        {existing.slice(0, 100).map((e) => (
          <li key={e.line} className="item-row small-text bulk-line" data-testid="bulk-same-page-line">
            <span className="badge">{t('bulk.line', { n: formatNumber(e.line) })}</span>
            {/* The page and its link one under the other: never read as one run of text. */}
            <div className="link-pair">
              <LinkText kind="address" text={e.url} className="muted" />
              {e.link.shorturl ? (
                <LinkText kind="short" text={e.link.shorturl} className="short-url" />
              ) : (
                <span>{t('sync.state.queued')}</span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <div className="row">
        <label className="row">
          <input type="radio" name={name} checked={!again} onChange={() => onAgain(false)} />
          {t('samePage.bulkReuse')}
        </label>
        <label className="row">
          <input type="radio" name={name} checked={again} onChange={() => onAgain(true)} />
          {t('samePage.bulkAgain')}
        </label>
      </div>
    </fieldset>
  );
}
