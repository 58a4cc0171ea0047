import { useLiveQuery } from 'dexie-react-hooks';
import { useCapability } from '@/components/hooks/useCapability';
import { deleteSelected } from '@/components/selection/delete-action';
import { SelectionBar } from '@/components/selection/SelectionBar';
import { Download, Folder, Megaphone } from '@/components/ui/icons';
import type { MenuItem } from '@/components/ui/MenuButton';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
import { createEach, remove } from '@/lib/sync/actions';
import { kickSync } from '@/lib/sync/kick';
import { exportItems } from './ExportButtons';

/** Choices that each run `pick` with their key and say what it did. */
const choicesOf = (
  rows: { key: string; name: string }[],
  pick: (key: string, name: string) => Promise<string>,
  say: (m: string) => void,
): MenuItem[] => rows.map((r) => ({ label: r.name, onSelect: () => void pick(r.key, r.name).then(say) }));

/** What can be done with the links ticked in the table. A further action is one more entry. */
export function LinkSelectionBar({ keys, onClear }: { keys: string[]; onClear: () => void }) {
  const db = database();
  const canDelete = useCapability('linkDelete') !== 'absent';
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const queued = (n: number, name: string) => {
    void kickSync();
    return n === 0 ? t('selection.alreadyIn', { name }) : plural('selection.added', n, { name });
  };
  return (
    <SelectionBar
      label={t('selection.bar')}
      countText={plural('selection.count', keys.length)}
      onClear={onClear}
      actions={(say) => [
        {
          label: t('selection.toChannel'),
          icon: Folder,
          choices: choicesOf(
            channels,
            async (key, name) =>
              queued(
                await createEach(
                  { db },
                  'channelItem',
                  keys.map((link) => ({ channelKey: key, item: { type: 'links' as const, key: link } })),
                ),
                name,
              ),
            say,
          ),
        },
        {
          label: t('selection.toCampaign'),
          icon: Megaphone,
          choices: choicesOf(
            campaigns,
            async (key, name) =>
              queued(
                await createEach(
                  { db },
                  'campaignLink',
                  keys.map((link) => ({ campaignKey: key, key: link })),
                ),
                name,
              ),
            say,
          ),
        },
        { label: t('exportButtons.export'), icon: Download, choices: exportItems(keys) },
        deleteSelected({
          title: plural('selection.deleteTitle', keys.length),
          consequence: t('selection.deleteConsequence'),
          unavailable: canDelete ? null : t('capability.absent.linkDelete'),
          failed: t('link.notSaved'),
          remove: () => remove({ db }, 'link', keys),
          onClear,
        }),
      ]}
    />
  );
}
