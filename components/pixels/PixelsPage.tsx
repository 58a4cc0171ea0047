import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { askFirst } from '@/components/state/confirm';
import { formatNumber } from '@/components/ui/format';
import { Trash2 } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { isApiError } from '@/lib/api/errors';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { PixelRow } from '@/lib/db/schema';
import { pixelKey } from '@/lib/kinds/pixel';
import { deletePixel } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import '@/components/catalog/catalog.css';

const byName = (rows: PixelRow[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);

/**
 * Tracking pixels: listed, and deleted here. Pixels are beyond the seed's operations: once a
 * service has answered that it lacks them, the section says so and its controls say why they do nothing.
 */
export function PixelsPage() {
  const db = database();
  const pixels = useLiveQuery(async () => byName(await db.pixels.toArray()), [db], []);
  // Learnt from the answer to a delete: the list alone cannot tell a service without pixels from one with none.
  const canDelete = useCapability('pixelDelete') !== 'absent';
  const [note, setNote] = useState<string | null>(null);

  /** Asked first; gone from the list at once, and back with the reason if the service refuses or lacks deletes. */
  async function remove(pixel: PixelRow) {
    const yes = await askFirst({
      title: t('pixelsPage.deleteTitle'),
      consequence: t('pixelsPage.deleteConsequence', { name: pixel.name }),
      action: t('pixelsPage.delete'),
    });
    if (!yes) return;
    setNote(null);
    try {
      await changeAnswered(db, pixelKey(pixel.id), 'delete', (ctx) => deletePixel(ctx, pixel.id));
    } catch (error) {
      setNote(isApiError(error) ? errorInWords(error, '') : t('pixelsPage.notDeleted'));
    }
  }

  return (
    <section className="stack-lg" aria-labelledby="pixels-heading">
      <SectionHead id="pixels-heading" title={t('pixelsPage.title')} />
      <p className="muted catalog-note">{t('pixelsPage.about')}</p>
      {canDelete ? null : (
        <p className="muted" data-testid="pixels-absent">
          {t('pixelsPage.absent')} {t('capability.absent.pixelDelete')}
        </p>
      )}
      {note ? (
        <p className="muted" role="status" data-testid="pixels-note">
          {note}
        </p>
      ) : null}
      <table className="data-table catalog-table">
        <caption>{t('pixelsPage.count', { count: formatNumber(pixels.length) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('catalogPage.name')}</th>
            <th scope="col">{t('catalogPage.type')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('pixelsPage.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pixels.map((p) => (
            <tr key={p.id} data-testid="pixel-row">
              <td>{p.name}</td>
              <td>{p.type}</td>
              <td>
                <button
                  type="button"
                  className="secondary"
                  onClick={() => void remove(p)}
                  disabled={!canDelete}
                  title={canDelete ? undefined : t('capability.absent.pixelDelete')}
                  aria-label={t('pixelsPage.deleteNamed', { name: p.name })}
                >
                  <Trash2 size={15} aria-hidden="true" /> {t('pixelsPage.delete')}
                </button>
              </td>
            </tr>
          ))}
          {pixels.length === 0 ? (
            <tr>
              <td colSpan={3} className="muted">
                {t('pixelsPage.none')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
