import { t } from '@/lib/browser/i18n';

/**
 * Shown on a record that looks like an unasked-for copy of one made here (its name or long URL,
 * made at the same moment: see lib/refresh/pull.ts). It may be someone else's record, so nothing is
 * deleted without the person saying so.
 */
export function TwinNotice({ name, onDelete }: { name: string; onDelete?: () => void }) {
  return (
    <div className="row" role="note" data-testid="twin-notice">
      <p className="muted">
        {t('twinNotice.looksLikeCopy', { name })}{' '}
        {onDelete ? t('twinNotice.ifNobodyMadeIt') : t('twinNotice.theServiceOffersNo')}
      </p>
      {onDelete ? (
        <button type="button" className="secondary" onClick={onDelete}>
          {t('twinNotice.deleteCopy', { name })}
        </button>
      ) : null}
    </div>
  );
}
