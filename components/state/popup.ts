import { create } from 'zustand';
import type { PageInfo } from '@/lib/browser/tabs';
import type { LinkRow } from '@/lib/db/schema';
import { type Clock, realClock } from './clock';
import { COPIED_SHOWN_MS } from './copies';

/**
 * How long after "Shorten this page" the new short URL is still copied by itself. Later (the
 * service was away), copying would overwrite whatever the person copied since: the popup offers
 * Copy instead.
 */
export const AUTO_COPY_MS = 5_000;

export type CopyState = 'idle' | 'waiting' | 'copied' | 'failed' | 'offered';

/**
 * The popup's own state: the page it is about, the link just created from it, and whether its
 * short URL was copied. A link made here is copied as soon as the service has given it a short
 * URL, once, if that happens within AUTO_COPY_MS; "Copied" is said for COPIED_SHOWN_MS, as a
 * Copy button says it. A failed copy keeps offering Copy: the person still has to do it.
 */
export interface PopupState {
  /** undefined while the current tab is read; null when the tab has no page to shorten. */
  page: PageInfo | null | undefined;
  createdKey: string | null;
  /**
   * The link just created as the service answered it, and the mirror it was written in: shown at
   * once, until that mirror has it as made (the worker replies before it writes the answer).
   */
  createdRow: { link: LinkRow; in: string } | null;
  createdAt: number;
  /**
   * While "Shorten this page" waits for the service's answer, the form stays on screen (the new
   * link is already in the mirror), so that a refusal is shown in it with what the person typed: the
   * key of the link handed to the worker. A refused link's key stays, as the link may leave this
   * page's reading of the mirror a moment after the form learns of the refusal.
   */
  answering: string | false;
  awaitingAnswer: (answering: string | false) => void;
  copy: CopyState;
  pageFound: (page: PageInfo | null) => void;
  created: (key: string, at: number, row?: { link: LinkRow; in: string }) => void;
  copyDone: (ok: boolean) => void;
  /** The short URL arrived: true when it should be copied now; otherwise Copy is offered. */
  shortUrlArrived: (at: number) => boolean;
}

export function createPopupStore(clock: Clock = realClock) {
  return create<PopupState>()((set, get) => ({
    page: undefined,
    createdKey: null,
    createdRow: null,
    createdAt: 0,
    answering: false,
    awaitingAnswer: (answering) => set({ answering }),
    copy: 'idle',
    pageFound: (page) => set({ page }),
    created: (createdKey, createdAt, row) => set({ createdKey, createdAt, createdRow: row ?? null, copy: 'waiting' }),
    copyDone: (ok) => {
      set({ copy: ok ? 'copied' : 'failed' });
      if (ok)
        clock.after(COPIED_SHOWN_MS, () => {
          if (get().copy === 'copied') set({ copy: 'idle' });
        });
    },
    shortUrlArrived: (at) => {
      const { copy, createdAt } = get();
      if (copy !== 'waiting') return false;
      if (at - createdAt <= AUTO_COPY_MS) return true;
      set({ copy: 'offered' });
      return false;
    },
  }));
}

export const usePopup = createPopupStore();
