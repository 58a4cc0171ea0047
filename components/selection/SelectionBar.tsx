import { useState } from 'react';
import { type IconComponent, X } from '@/components/ui/icons';
import { MenuButton, type MenuItem } from '@/components/ui/MenuButton';
import { t } from '@/lib/browser/i18n';
import './selection.css';

/**
 * One thing to do with the selected records. With `choices` it is a menu (which channel, which
 * format), else a plain button. `run` answers with what to tell the person, or nothing.
 */
export interface SelectionAction {
  label: string;
  icon: IconComponent;
  choices?: MenuItem[];
  run?: () => Promise<string | undefined>;
  /** Why it cannot be done here (the service lacks it), shown on the disabled control. */
  unavailable?: string | null;
}

/**
 * What can be done with the records ticked in a list, shown while some are: how many, then one
 * control per action. Each list brings its own actions; `say` lets a menu choice report back.
 */
export function SelectionBar({
  label,
  countText,
  actions,
  onClear,
}: {
  /** What the bar is called (for whom cannot see it): "Selected links". */
  label: string;
  /** How many are selected, in the list's own words (a language may name what is counted). */
  countText: string;
  actions: (say: (message: string) => void) => SelectionAction[];
  onClear: () => void;
}) {
  const [said, say] = useState('');
  return (
    <section className="selection-bar" aria-label={label} data-testid="selection-bar">
      <strong data-testid="selection-count">{countText}</strong>
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
      {actions(say).map(({ label, icon: Icon, choices, run, unavailable }) => {
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
