import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useOffered } from '@/components/hooks/useCapability';
import { networkName } from '@/components/pixels/network-name';
import { askFirst } from '@/components/state/confirm';
import { Dialog } from '@/components/ui/Dialog';
import { formatNumber } from '@/components/ui/format';
import { Pencil, Plus, Trash2 } from '@/components/ui/icons';
import { SectionHead } from '@/components/ui/SectionHead';
import { SyncBadge } from '@/components/ui/SyncBadge';
import { isApiError } from '@/lib/api/errors';
import type { CreatePixelInput } from '@/lib/api/inputs/pixels';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { PixelRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { unsent } from '@/lib/kinds/kind';
import { create, remove as removeRecords, update } from '@/lib/sync/actions';
import { changeAnswered, createAnswered } from '@/lib/sync/answer';
import { PixelForm } from './PixelForm';
import '@/components/catalog/catalog.css';
import './pixels.css';

const byName = (rows: PixelRow[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name) || (a.key < b.key ? -1 : 1));

/**
 * Tracking pixels: listed, added, edited and deleted here, each at once and on the service in the
 * background. Pixels are beyond the seed's operations: once a service has answered that it lacks
 * one of them, the section says so and that control stays disabled with the reason.
 */
/** The list's route, and adding, editing and deleting: each a route some services lack. */
const OFFERED = ['pixels', 'pixelAdd', 'pixelEdit', 'pixelDelete'] as const;

export function PixelsPage() {
  const db = database();
  const pixels = useLiveQuery(async () => byName(await db.pixels.toArray()), [db], []);
  const offered = useOffered(OFFERED);
  const [editing, setEditing] = useState<PixelRow | 'new' | null>(null);
  // A note about one pixel's change ("saved here") ends once nothing of that pixel waits to be sent.
  const [told, setTold] = useState<{ text: string; about?: string } | null>(null);
  const about = told?.about;
  const waiting = useLiveQuery(async () => (about ? db.outbox.where('key').equals(about).count() : 0), [db, about]);
  const note = about && waiting === 0 ? null : (told?.text ?? null);
  const setNote = (text: string | null, about?: string) => setTold(text === null ? null : { text, about });
  const reasons = [
    offered.pixels ? null : t('pixelsPage.absent'),
    offered.pixelAdd ? null : t('capability.absent.pixelAdd'),
    offered.pixelEdit ? null : t('capability.absent.pixelEdit'),
    offered.pixelDelete ? null : t('capability.absent.pixelDelete'),
  ].filter((r) => r !== null);

  /** After a change to pixel `key` was answered (or queued): what the person is told, if anything. */
  async function tell(capability: 'pixelAdd' | 'pixelEdit' | 'pixelDelete', key: string, outcome: 'made' | 'queued') {
    if ((await readCapability(db, capability)) === 'absent') setNote(t(`capability.absent.${capability}`));
    else setNote(outcome === 'queued' ? t('pixelsPage.queued') : null, key);
  }

  /** Shown at once; waits a moment for the service's answer, and a refusal is shown at its field. */
  async function save(input: CreatePixelInput) {
    if (editing === 'new') {
      const { key, made } = await createAnswered(db, (ctx) => create(ctx, 'pixel', input));
      setEditing(null);
      await tell('pixelAdd', key, made === null ? 'queued' : 'made');
    } else if (editing) {
      const { key } = editing;
      const patch = unsent(editing, input);
      const outcome = patch
        ? await changeAnswered(db, key, 'update', (ctx) => update(ctx, 'pixel', key, patch))
        : 'made';
      setEditing(null);
      await tell('pixelEdit', key, outcome);
    }
  }

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
      const outcome = await changeAnswered(db, pixel.key, 'delete', (ctx) => removeRecords(ctx, 'pixel', [pixel.key]));
      await tell('pixelDelete', pixel.key, outcome);
    } catch (error) {
      setNote(isApiError(error) ? errorInWords(error, '') : t('pixelsPage.notDeleted'));
    }
  }

  return (
    <section className="stack-lg" aria-labelledby="pixels-heading">
      <SectionHead id="pixels-heading" title={t('pixelsPage.title')}>
        <button
          type="button"
          disabled={!offered.pixelAdd}
          title={offered.pixelAdd ? undefined : t('capability.absent.pixelAdd')}
          onClick={() => {
            setNote(null);
            setEditing('new');
          }}
        >
          <Plus size={16} aria-hidden="true" /> {t('pixelsPage.new')}
        </button>
      </SectionHead>
      <p className="muted catalog-note">{t('pixelsPage.about')}</p>
      {reasons.map((reason) => (
        <p key={reason} className="muted" data-testid="pixels-absent">
          {reason}
        </p>
      ))}
      {note && !reasons.includes(note) ? (
        <p className="muted" role="status" data-testid="pixels-note">
          {note}
        </p>
      ) : null}
      <table className="data-table catalog-table pixels-table">
        <caption>{t('pixelsPage.count', { count: formatNumber(pixels.length) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('catalogPage.name')}</th>
            <th scope="col">{t('pixelsPage.network')}</th>
            <th scope="col">{t('pixelsPage.tagColumn')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('pixelsPage.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {pixels.map((p) => (
            <tr key={p.key} data-testid="pixel-row">
              <td>
                {p.name} <SyncBadge state={p.sync} />
              </td>
              <td>{networkName(p.type)}</td>
              <td className="nowrap">{p.tag}</td>
              <td>
                <div className="row">
                  <button
                    type="button"
                    className="secondary small"
                    onClick={() => {
                      setNote(null);
                      setEditing(p);
                    }}
                    disabled={!offered.pixelEdit}
                    title={offered.pixelEdit ? undefined : t('capability.absent.pixelEdit')}
                    aria-label={t('pixelsPage.editNamed', { name: p.name })}
                  >
                    <Pencil size={14} aria-hidden="true" /> {t('pixelsPage.edit')}
                  </button>
                  <button
                    type="button"
                    className="secondary small"
                    onClick={() => void remove(p)}
                    disabled={!offered.pixelDelete}
                    title={offered.pixelDelete ? undefined : t('capability.absent.pixelDelete')}
                    aria-label={t('pixelsPage.deleteNamed', { name: p.name })}
                  >
                    <Trash2 size={14} aria-hidden="true" /> {t('pixelsPage.delete')}
                  </button>
                </div>
              </td>
            </tr>
          ))}
          {pixels.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                {t('pixelsPage.none')}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      {editing ? (
        <Dialog
          title={editing === 'new' ? t('pixelsPage.newTitle') : t('pixelsPage.editTitle')}
          onClose={() => setEditing(null)}
          testId="pixel-dialog"
        >
          <PixelForm initial={editing === 'new' ? undefined : editing} onSave={save} />
        </Dialog>
      ) : null}
    </section>
  );
}
