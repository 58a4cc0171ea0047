import { create } from 'zustand';
import { isSection, type Section } from '@/lib/kinds/collections';
import type { LinkTableQuery } from '@/lib/links/link-table';
import type { ServiceUrlNote } from '@/lib/settings/service-url';

/**
 * What the dashboard shows, shared by its navigation, the links page and the panels: the section
 * (mirrored in the URL hash so sections can be linked and bookmarked), the links table's search and
 * filters (kept while the person visits other sections), and which link is open or being created.
 * Records themselves stay in Dexie and are read with live queries.
 */
export interface DashboardState {
  /** '' before a section was chosen (or when the address names none): the links' section shows. */
  section: Section | '';
  linkQuery: LinkTableQuery;
  openLink: string | null;
  creatingLink: boolean;
  /** Set by a successful Connect, shown until the person moves on ("You're connected as …"). */
  justConnected: { email: string; notes: ServiceUrlNote[] } | null;
  showSection: (section: Section | '') => void;
  filterLinks: (patch: Partial<LinkTableQuery>) => void;
  openLinkDetail: (key: string | null) => void;
  setCreatingLink: (creating: boolean) => void;
  setJustConnected: (note: { email: string; notes: ServiceUrlNote[] } | null) => void;
}

export const NO_LINK_FILTERS: LinkTableQuery = {
  sort: 'date',
  search: '',
  channelKey: null,
  campaignKey: null,
  domain: null,
  status: null,
};

export const useDashboard = create<DashboardState>()((set) => ({
  section: '',
  linkQuery: NO_LINK_FILTERS,
  openLink: null,
  creatingLink: false,
  justConnected: null,
  showSection: (section) => set((s) => ({ section, justConnected: section === 'settings' ? s.justConnected : null })),
  filterLinks: (patch) => set((s) => ({ linkQuery: { ...s.linkQuery, ...patch } })),
  openLinkDetail: (openLink) => set({ openLink, creatingLink: false }),
  setCreatingLink: (creatingLink) => set({ creatingLink }),
  setJustConnected: (justConnected) => set({ justConnected }),
}));

/** The section named by a URL hash such as `#/channels` or `#/links?x`; '' for none. */
export function sectionOfHash(hash: string): Section | '' {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? '';
  return isSection(name) ? name : '';
}

/** Keeps the store's section and the URL hash in step (back and forward buttons included). */
export function bindSectionToHash(target: Pick<Window, 'addEventListener' | 'location'>): void {
  const read = () => useDashboard.getState().showSection(sectionOfHash(target.location.hash));
  read();
  target.addEventListener('hashchange', read);
}
