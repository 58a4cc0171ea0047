import type { ApiClient, PageQuery } from '../api/client';
import type { Account } from '../api/schemas/account';
import type { Page } from '../api/schemas/envelope';
import type { AccountRow, Mirrored } from '../db/schema';
import { accountRecord } from './account';
import { campaign } from './campaign';
import { channel } from './channel';
import { channelItems } from './channel-item';
import { domain } from './domain';
import { link } from './link';
import { type Listing, type Single, type WithNested, withNested } from './listing';
import { pixel } from './pixel';
import { qr } from './qr';

/** Tables of lists only read, never changed here, keyed by the service's id. */
export type CatalogTable = 'overlays' | 'splashPages';

/** Hands a kind's listing to generic code, keeping its row and record types together. */
export type WithListing = <T>(use: <R extends Mirrored, I extends { id: number }>(listing: Listing<R, I>) => T) => T;
const listed =
  <R extends Mirrored, I extends { id: number }>(listing: Listing<R, I>): WithListing =>
  (use) =>
    use(listing);

/** How the refresh reads one list of the service, and how often its newest end is checked. */
export type CollectionSpec =
  /** One record, read whole (the account). */
  | { how: 'single'; single: Single<AccountRow, Account>; headEveryMs: number; section: string }
  | {
      how: 'records';
      withListing: WithListing;
      headEveryMs: number;
      section: string;
      /** Another section that shows the list (pixels, chosen in the link forms). */
      alsoIn?: string;
    }
  | {
      how: 'catalog';
      table: CatalogTable;
      list(api: ApiClient, query: PageQuery): Promise<Page<{ id: number }>>;
      headEveryMs: number;
      section: string;
    }
  /** Read under each record of another kind, while one is on screen or by the walk: no head check of its own. */
  | { how: 'nested'; withNested: WithNested; headEveryMs: null; section: null };

const MINUTE = 60_000;

/**
 * Every list of the service the mirror keeps, in the order a walk reads them (channel items last:
 * they are read per channel, and name links and QR codes by their mirrored keys). Every list of
 * collections elsewhere is derived from this one. Links are checked every 5 minutes (what another
 * app made shows within a minute while it is on screen), every other list every 30 minutes. `section`
 * is the dashboard's section that shows the list (and keeps it fresh while shown).
 */
export const LISTS = {
  account: { how: 'single', single: accountRecord, headEveryMs: 30 * MINUTE, section: 'account' },
  channels: { how: 'records', withListing: listed(channel.listing), headEveryMs: 30 * MINUTE, section: 'channels' },
  campaigns: { how: 'records', withListing: listed(campaign.listing), headEveryMs: 30 * MINUTE, section: 'campaigns' },
  domains: { how: 'records', withListing: listed(domain.listing), headEveryMs: 30 * MINUTE, section: 'domains' },
  overlays: {
    how: 'catalog',
    table: 'overlays',
    list: (api, q) => api.listOverlays(q),
    headEveryMs: 30 * MINUTE,
    section: 'catalog',
  },
  splash: {
    how: 'catalog',
    table: 'splashPages',
    list: (api, q) => api.listSplashPages(q),
    headEveryMs: 30 * MINUTE,
    section: 'catalog',
  },
  pixels: {
    how: 'records',
    withListing: listed(pixel.listing),
    headEveryMs: 30 * MINUTE,
    section: 'pixels',
    alsoIn: 'links',
  },
  qrs: { how: 'records', withListing: listed(qr.listing), headEveryMs: 30 * MINUTE, section: 'qr' },
  links: { how: 'records', withListing: listed(link.listing), headEveryMs: 5 * MINUTE, section: 'links' },
  channelItems: { how: 'nested', withNested: withNested(channelItems), headEveryMs: null, section: null },
} as const satisfies Record<string, CollectionSpec>;

export type Collection = keyof typeof LISTS;
const isCollection = (name: string): name is Collection => name in LISTS;
export const COLLECTIONS: readonly Collection[] = Object.keys(LISTS).filter(isCollection);

/** Lists read page by page into rows of their own (all but the account and channel items). */
export type Listed = {
  [C in Collection]: (typeof LISTS)[C]['how'] extends 'records' | 'catalog' ? C : never;
}[Collection];
export const isListed = (c: Collection): c is Listed => LISTS[c].how === 'records' || LISTS[c].how === 'catalog';

/** Lists whose newest end is checked on their own. */
export type HeadCollection = {
  [C in Collection]: (typeof LISTS)[C]['headEveryMs'] extends number ? C : never;
}[Collection];
export const HEAD_COLLECTIONS: readonly HeadCollection[] = COLLECTIONS.filter(
  (c): c is HeadCollection => LISTS[c].headEveryMs !== null,
);
export const headEveryMs = (c: HeadCollection): number => LISTS[c].headEveryMs;

/** The dashboard's sections that show lists of the service, named as the lists name them. */
export type ListSection = NonNullable<(typeof LISTS)[Collection]['section']>;
const LIST_SECTIONS: ReadonlySet<string | null> = new Set(COLLECTIONS.map((c) => LISTS[c].section));

/** The dashboard's own pages, beside the sections of the lists. */
const PAGES = ['sync', 'settings'] as const;

/** Every section of the dashboard; each is named `dashboard.section.<section>` in the catalogue. */
export type Section = ListSection | (typeof PAGES)[number];
export const isSection = (name: string): name is Section =>
  LIST_SECTIONS.has(name) || (PAGES as readonly string[]).includes(name);

/** The lists a dashboard section shows. */
export const listsIn = (section: Section): HeadCollection[] =>
  HEAD_COLLECTIONS.filter((c) => {
    const spec: CollectionSpec = LISTS[c];
    return spec.section === section || (spec.how === 'records' && spec.alsoIn === section);
  });
