import { create } from 'zustand';
import { type Clock, realClock } from './clock';

/** How long a Copy button reads "Copied" before it offers Copy again. */
export const COPIED_SHOWN_MS = 3_000;

/** The copy just made, while it is still said: which text, whether it worked, and what made it. */
export interface LastCopy {
  text: string;
  ok: boolean;
  /** The control that copied (a button's id, or "keyboard" for Enter in a list): it alone announces it. */
  by: string;
  n: number;
}

export interface CopiesState {
  last: LastCopy | null;
  copied: (text: string, ok: boolean, by: string) => void;
}

/**
 * The one copy being said in a page, whatever made it (a click on Copy, Enter on a listed link):
 * every Copy button of that text reads "Copied" for COPIED_SHOWN_MS, then all return to "Copy". A
 * newer copy replaces it and has its own full time.
 */
export function createCopies(clock: Clock = realClock) {
  return create<CopiesState>()((set, get) => ({
    last: null,
    copied: (text, ok, by) => {
      const n = (get().last?.n ?? 0) + 1;
      set({ last: { text, ok, by, n } });
      clock.after(COPIED_SHOWN_MS, () => {
        if (get().last?.n === n) set({ last: null });
      });
    },
  }));
}

export const useCopies = createCopies();
