import { useCapability } from '@/components/hooks/useCapability';
import { deleteSelected } from '@/components/selection/delete-action';
import { SelectionBar } from '@/components/selection/SelectionBar';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { remove } from '@/lib/sync/actions';

/** What can be done with the QR codes ticked in the list. */
export function QrSelectionBar({ keys, onClear }: { keys: string[]; onClear: () => void }) {
  const db = database();
  const canDelete = useCapability('qrDelete') !== 'absent';
  return (
    <SelectionBar
      label={t('qrSelection.bar')}
      countText={plural('qrSelection.count', keys.length)}
      onClear={onClear}
      actions={() => [
        deleteSelected({
          title: plural('qrSelection.deleteTitle', keys.length),
          consequence: t('qrSelection.deleteConsequence'),
          unavailable: canDelete ? null : t('capability.absent.qrDelete'),
          failed: t('qrSelection.notDeleted'),
          remove: () => remove({ db }, 'qr', keys),
          onClear,
        }),
      ]}
    />
  );
}
