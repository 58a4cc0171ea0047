import { askFirst } from '@/components/state/confirm';
import { Trash2 } from '@/components/ui/icons';
import { t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { kickSync } from '@/lib/sync/kick';
import type { SelectionAction } from './SelectionBar';

/**
 * Delete, for a selection: asked first (how many, and what goes with them), then `remove` queues
 * one delete per record. The records leave the list at once (each shows again, marked, should the
 * service refuse): nothing is left selected, and the bar goes with the selection.
 */
export function deleteSelected(options: {
  title: string;
  consequence: string;
  /** Why the service cannot do it, when it is known not to; null while it may. */
  unavailable: string | null;
  /** What to say when queuing fails for a reason that has no words of its own. */
  failed: string;
  remove: () => Promise<void>;
  onClear: () => void;
}): SelectionAction {
  return {
    label: t('selection.delete'),
    icon: Trash2,
    unavailable: options.unavailable,
    async run() {
      const yes = await askFirst({
        title: options.title,
        consequence: options.consequence,
        action: t('selection.delete'),
      });
      if (!yes) return;
      try {
        await options.remove();
      } catch (error) {
        return errorInWords(error, options.failed);
      }
      void kickSync();
      options.onClear();
    },
  };
}
