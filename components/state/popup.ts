import { create } from 'zustand';
import type { PageInfo } from '@/lib/browser/tabs';

export type CopyState = 'idle' | 'waiting' | 'copied' | 'failed';

/**
 * The popup's own state: the page it is about, the link just created from it, and whether its
 * short URL was copied. A link made here is copied as soon as the service has given it a short
 * URL, once: `waiting` until then.
 */
export interface PopupState {
  /** undefined while the current tab is read; null when the tab has no page to shorten. */
  page: PageInfo | null | undefined;
  createdKey: string | null;
  copy: CopyState;
  pageFound: (page: PageInfo | null) => void;
  created: (key: string) => void;
  copyDone: (ok: boolean) => void;
}

export const usePopup = create<PopupState>()((set) => ({
  page: undefined,
  createdKey: null,
  copy: 'idle',
  pageFound: (page) => set({ page }),
  created: (createdKey) => set({ createdKey, copy: 'waiting' }),
  copyDone: (ok) => set({ copy: ok ? 'copied' : 'failed' }),
}));
