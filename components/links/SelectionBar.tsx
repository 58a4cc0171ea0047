import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Download, Folder, type IconComponent, Megaphone, X } from '@/components/ui/icons';
import { MenuButton, type MenuItem } from '@/components/ui/MenuButton';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';
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
      {actions.map(({ label, icon: Icon, choices, run }) => {
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
          <button key={label} type="button" className="secondary" onClick={() => void run?.().then((m) => m && say(m))}>
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
