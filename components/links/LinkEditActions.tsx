import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { askFirst } from '@/components/state/confirm';
import { Dialog } from '@/components/ui/Dialog';
import { displayUrl } from '@/components/ui/format';
import { Pencil, Trash2 } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import type { LinkRow, LinkStatsRow } from '@/lib/db/schema';
import { readCapability } from '@/lib/kinds/capabilities';
import { remove as removeRecords } from '@/lib/sync/actions';
import { changeAnswered } from '@/lib/sync/answer';
import type { EditOutcome } from './link-form-model';
import { formOfLink, type LinkFormState, NewLinkForm } from './NewLinkForm';

/**
 * Edit and Delete for one link, in its details. A service that answered that it has no such
 * operation keeps the control disabled, with the reason beside it, for this connection.
 */
export function LinkEditActions({ link, stats }: { link: LinkRow; stats: LinkStatsRow | undefined }) {
  const db = database();
  const canEdit = useCapability('linkEdit') !== 'absent';
  const canDelete = useCapability('linkDelete') !== 'absent';
  const channel = useLiveQuery(() => db.channelItems.where('itemKey').equals(link.key).first(), [link.key]);
  const [editing, setEditing] = useState<LinkFormState | null>(null);
  const [note, setNote] = useState<string | null>(null);

  async function remove() {
    const name = link.shorturl ? displayUrl(link.shorturl) : link.longurl;
    const yes = await askFirst({
      title: t('linkDetailPanel.deleteTitle'),
      consequence: t('linkDetailPanel.deleteConsequence', { name }),
      action: t('linkDetailPanel.delete'),
    });
    if (!yes) return;
    try {
      await changeAnswered(db, link.key, 'delete', (ctx) => removeRecords(ctx, 'link', [link.key]));
      // Taken back at once when the service turned out not to offer deletes: the link is shown again.
      if ((await readCapability(db, 'linkDelete')) === 'absent') setNote(t('capability.absent.linkDelete'));
    } catch (error) {
      setNote(errorInWords(error, t('link.notSaved')));
    }
  }

  const saved = (outcome: EditOutcome) => {
    setEditing(null);
    setNote(
      outcome === 'absent'
        ? t('capability.absent.linkEdit')
        : outcome === 'queued'
          ? t('linkEdit.queued')
          : t('linkEdit.saved'),
    );
  };
  // "Sent when the service can be reached" holds only while the edit waits: once sent, or held as a
  // conflict with another writer's change, the row's own state says where it stands.
  const reasons = [
    canEdit ? null : t('capability.absent.linkEdit'),
    canDelete ? null : t('capability.absent.linkDelete'),
  ].filter((r) => r !== null);

  return (
    <div className="stack" data-testid="link-edit-actions">
      <div className="row">
        <button
          type="button"
          className="secondary small"
          disabled={!canEdit}
          title={canEdit ? undefined : t('capability.absent.linkEdit')}
          onClick={() => {
            setNote(null);
            setEditing(formOfLink(link, stats, channel?.channelKey ?? null));
          }}
        >
          <Pencil size={14} aria-hidden="true" /> {t('linkDetailPanel.edit')}
        </button>
        <button
          type="button"
          className="secondary small"
          disabled={!canDelete}
          title={canDelete ? undefined : t('capability.absent.linkDelete')}
          onClick={() => void remove()}
        >
          <Trash2 size={14} aria-hidden="true" /> {t('linkDetailPanel.delete')}
        </button>
      </div>
      {note && !reasons.includes(note) && !(note === t('linkEdit.queued') && link.sync !== 'pending') ? (
        <p className="muted small-text" role="status" data-testid="link-edit-note">
          {note}
        </p>
      ) : null}
      {reasons.map((reason) => (
        <p key={reason} className="muted small-text" data-testid="link-edit-absent">
          {reason}
        </p>
      ))}
      {editing ? (
        <Dialog title={t('linkEdit.heading')} onClose={() => setEditing(null)} testId="edit-link-dialog">
          <NewLinkForm editing={{ key: link.key, opened: editing, onSaved: saved }} />
        </Dialog>
      ) : null}
    </div>
  );
}
