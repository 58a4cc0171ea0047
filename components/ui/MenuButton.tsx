import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ChevronDown } from '@/components/ui/icons';
import './menu.css';

export interface MenuItem {
  /** What the item shows. */
  label: ReactNode;
  /** Its accessible name, when the label alone would not say enough ("CSV" → "Export CSV"). */
  name?: string;
  onSelect: () => void;
}

/**
 * A button that opens a short list of actions below it (the menu button pattern): arrow keys move
 * between the items, Escape or a click elsewhere closes it and focus returns to the button.
 */
export function MenuButton({
  label,
  items,
  className = 'secondary',
}: {
  label: ReactNode;
  items: MenuItem[];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const away = (event: PointerEvent) => {
      if (!box.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  function close() {
    setOpen(false);
    button.current?.focus();
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const entries = [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (event.key === 'Escape') close();
    else if (step !== undefined) entries[(at + step + entries.length) % entries.length]?.focus();
    else if (event.key === 'Home') entries[0]?.focus();
    else if (event.key === 'End') entries.at(-1)?.focus();
    else return;
    event.preventDefault();
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the keys are the menu's, handled once for its items.
    <div className="menu-button" ref={box} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(!open)}
      >
        {label} <ChevronDown size={14} aria-hidden="true" />
      </button>
      {open ? (
        <div id={id} role="menu" className="menu">
          {items.map((item) => (
            <button
              key={item.name ?? String(item.label)}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="ghost"
              aria-label={item.name}
              onClick={() => {
                close();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
