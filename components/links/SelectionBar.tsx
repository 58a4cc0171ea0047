import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { useCapability } from '@/components/hooks/useCapability';
import { askFirst } from '@/components/state/confirm';
import { Download, Folder, type IconComponent, Megaphone, Trash2, X } from '@/components/ui/icons';
import { MenuButton, type MenuItem } from '@/components/ui/MenuButton';
import { plural, t } from '@/lib/browser/i18n';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { database } from '@/lib/db/open';
import { deleteLinks } from '@/lib/sync/actions';
import { assignLinksToCampaign, assignLinksToChannel } from '@/lib/sync/assign-many';
import { kickSync } from '@/lib/sync/kick';
import { exportItems } from './ExportButtons';

/**
 * One thing to do with the selected links. With `choices` it is a menu (which channel, which
 * format), else a plain button. `run` answers with what to tell the person, or nothing.
 */
interface SelectionAction {
  label: string;
  icon: IconComponent;
  choices?: MenuItem[];
  run?: () => Promise<string | undefined>;
  /** Why it cannot be done here (the service lacks it), shown on the disabled control. */
  unavailable?: string | null;
}

/** Choices that each run `pick` with their key and say what it did. */
const choicesOf = (
  rows: { key: string; name: string }[],
  pick: (key: string, name: string) => Promise<string>,
  say: (m: string) => void,
): MenuItem[] => rows.map((r) => ({ label: r.name, onSelect: () => void pick(r.key, r.name).then(say) }));

/**
 * What can be done with the links ticked in the table, shown while some are: how many, then one
 * control per action. A further action is one more entry in `actions`.
 */
export function SelectionBar({ keys, onClear }: { keys: string[]; onClear: () => void }) {
  const db = database();
  const canDelete = useCapability('linkDelete') !== 'absent';
  const channels = useLiveQuery(() => db.channels.orderBy('name').toArray(), [], []);
  const campaigns = useLiveQuery(() => db.campaigns.orderBy('name').toArray(), [], []);
  const [said, say] = useState('');
  const queued = (n: number, name: string) => {
    void kickSync();
    return n === 0 ? t('selection.alreadyIn', { name }) : plural('selection.added', n, { name });
  };
  const actions: SelectionAction[] = [
    {
      label: t('selection.toChannel'),
      icon: Folder,
      choices: choicesOf(
        channels,
        async (key, name) => queued(await assignLinksToChannel({ db }, key, keys), name),
        say,
      ),
    },
    {
      label: t('selection.toCampaign'),
      icon: Megaphone,
      choices: choicesOf(
        campaigns,
        async (key, name) => queued(await assignLinksToCampaign({ db }, key, keys), name),
        say,
      ),
    },
    { label: t('exportButtons.export'), icon: Download, choices: exportItems(keys) },
    {
      label: t('selection.delete'),
      icon: Trash2,
      unavailable: canDelete ? null : t('capability.absent.linkDelete'),
      async run() {
        const yes = await askFirst({
          title: plural('selection.deleteTitle', keys.length),
          consequence: t('selection.deleteConsequence'),
          action: t('selection.delete'),
        });
        if (!yes) return;
        try {
          await deleteLinks({ db }, keys);
        } catch (error) {
          return errorInWords(error, t('link.notSaved'));
        }
        void kickSync();
        // The rows leave the table at once (each shows again, marked, should the service refuse):
        // nothing is left selected, and the bar goes with the selection.
        onClear();
      },
    },
  ];
  return (
    <section className="selection-bar" aria-label={t('selection.bar')} data-testid="selection-bar">
      <strong data-testid="selection-count">{plural('selection.count', keys.length)}</strong>
      <button
        type="button"
        className="ghost icon-only"
        aria-label={t('selection.clear')}
        title={t('selection.clear')}
        onClick={onClear}
        data-testid="selection-clear"
      >
        <X size={16} aria-hidden="true" />
      </button>
      {actions.map(({ label, icon: Icon, choices, run, unavailable }) => {
        // A menu with nothing to choose (no channel yet) is left out.
        if (choices?.length === 0) return null;
        const shown = (
          <>
            <Icon size={15} aria-hidden="true" /> {label}
          </>
        );
        return choices ? (
          <MenuButton key={label} label={shown} items={choices} />
        ) : (
          <button
            key={label}
            type="button"
            className="secondary"
            disabled={Boolean(unavailable)}
            title={unavailable ?? undefined}
            onClick={() => void run?.().then((m) => m && say(m))}
          >
            {shown}
          </button>
        );
      })}
      <span className="muted small-text" role="status" data-testid="selection-said">
        {said}
      </span>
    </section>
  );
}
