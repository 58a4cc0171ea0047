import { useId } from 'react';
import { displayUrl, formatNumber } from '@/components/ui/format';
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
          <li key={e.line} className="item-row small-text">
            <span className="badge">{t('bulk.line', { n: formatNumber(e.line) })}</span>
            <span className="grow truncate link-sub">{displayUrl(e.url)}</span>
            <span className="short-url truncate">
              {e.link.shorturl ? displayUrl(e.link.shorturl) : t('sync.state.queued')}
            </span>
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
