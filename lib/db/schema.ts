import Dexie, { type EntityTable } from 'dexie';
import type { SerializedApiError } from '../api/errors';
import type { CreateLinkInput } from '../api/inputs/links';
import type { CreateQrInput } from '../api/inputs/qr';
import type { Account } from '../api/schemas/account';
import type { ChannelItemType } from '../api/schemas/channels';
import type { Statistics } from '../api/schemas/stats';

/** Where a mirrored record stands relative to the service. */
export type SyncState = 'synced' | 'pending' | 'failed';

/** What every mirrored record has: a local key, and the service's id once it is known. */
export interface Mirrored {
  key: string;
  id: number | null;
  sync: SyncState;
  /** When a pull last saw it (epoch ms); rows a complete pull did not see were deleted elsewhere. */
  pulledAt: number;
  /**
   * Set on a pulled record that looks like a copy of one created here, made when the browser resent
   * a create by itself (see lib/sync/twins.ts): the key of that record. Shown, never deleted unasked.
   */
  twinOf?: string;
  /**
   * On a record created here: the create as it was sent, kept when its answer showed the service
   * counting more requests than were sent, the mark of a resend. A copy matching it is removed.
   */
  sentTwice?: Record<string, unknown>;
}

export interface LinkRow extends Mirrored {
  alias: string;
  shorturl: string;
  longurl: string;
  /** normalizeLongUrl(longurl): finds "the link for this page". */
  longurlKey: string;
  clicks: number;
  title: string;
  description: string;
  /** "YYYY-MM-DD HH:MM:SS" (UTC); local creations use the local clock until the service answers. */
  date: string;
  /** Known only from changes made here (the API has no campaign → links listing). */
  campaignKey: string | null;
  /** The branded domain it was created on, as sent ("" for the default). */
  domain: string;
  status: 'public' | 'private' | null;
  /** The full input of a link created here, kept so the create can be sent, edited or retried. */
  input: CreateLinkInput | null;
  words: string[];
}

export interface LinkStatsRow {
  key: string;
  stats: Statistics;
  location: { name: string; link: string }[];
  device: { name: string; link: string }[];
  expiry: string | null;
  fetchedAt: number;
}

export interface ChannelRow extends Mirrored {
  name: string;
  description: string;
  color: string | null;
  starred: boolean;
}

/** One item in one channel. The item is named by its local key when it is mirrored here. */
export interface ChannelItemRow {
  /** `${channelKey}|${type}|${itemKey ?? 's' + itemId}` */
  key: string;
  channelKey: string;
  type: ChannelItemType | string;
  itemKey: string | null;
  itemId: number | null;
  title: string;
  preview: string;
  link: string;
  date: string | null;
  sync: SyncState;
}

export interface CampaignRow extends Mirrored {
  name: string;
  slug: string | null;
  public: boolean;
  rotator: string | null;
  list: string;
}

export interface DomainRow extends Mirrored {
  domain: string;
  redirectroot: string;
  redirect404: string;
}

export interface QrRow extends Mirrored {
  link: string;
  scans: number;
  name: string;
  date: string;
  /** What the code encodes, known for codes created here (the API does not return it). */
  input: CreateQrInput | null;
}

export interface QrStatsRow {
  key: string;
  stats: Statistics;
  fetchedAt: number;
}

export interface OverlayRow {
  id: number;
  type: string;
  name: string;
  date: string | null;
}

export interface SplashRow {
  id: number;
  name: string;
  date: string | null;
}

export interface AccountRow extends Account {
  key: 'me';
  /** A pending e-mail change, shown until the service confirms it. */
  pendingEmail: string | null;
}

export type Entity = 'link' | 'channel' | 'campaign' | 'domain' | 'qr' | 'account';
export type OutboxOp = 'create' | 'update' | 'delete' | 'assign-channel' | 'assign-campaign';
export type OutboxState = 'pending' | 'inflight' | 'failed';

/**
 * One change the user made, waiting to be sent. Entries of one record go out in `seq` order;
 * `deps` are local keys whose server ids the request needs (e.g. the channel of an assignment).
 */
export interface OutboxEntry {
  seq?: number;
  entity: Entity;
  op: OutboxOp;
  /** The record the change is about. */
  key: string;
  payload: Record<string, unknown>;
  deps: string[];
  /** Server ids known so far for `key` and `deps`; filled in as the creates they wait for succeed. */
  ids: Record<string, number>;
  state: OutboxState;
  /** 0: someone is waiting for it (shorten this page); 1: ordinary. */
  priority: 0 | 1;
  attempts: number;
  createdAt: number;
  /** Not before this time (backoff, rate limit). */
  notBefore: number;
  /** Set when a send may have reached the service without our learning the outcome. */
  ambiguous: boolean;
  /**
   * A create during whose sending the service counted a request not sent from here: the browser's
   * own resend, which may have made the record once more (see lib/sync/twins.ts).
   */
  resent?: boolean;
  /** When it was last sent (absent in entries queued before it was kept). */
  sentAt?: number;
  /** Unreadable answers in a row (absent in entries queued before it was kept). */
  unreadable?: number;
  error: SerializedApiError | null;
}

export interface MetaRow {
  key: string;
  value: unknown;
}

export const DB_NAME = 'linkpilot';

/** The first released schema, kept verbatim: upgrades start from it (and tests open it). */
export const SCHEMA_V1 = {
  links: 'key, id, date, clicks, longurlKey, shorturl, alias, campaignKey, domain, sync, *words',
  linkStats: 'key',
  channels: 'key, id, name',
  channelItems: 'key, channelKey, itemKey, [type+itemId]',
  campaigns: 'key, id, name',
  domains: 'key, id, domain',
  qrCodes: 'key, id, date, name',
  qrStats: 'key',
  overlays: 'id',
  splashPages: 'id',
  account: 'key',
  outbox: '++seq, key, state, *deps',
  meta: 'key',
} as const;

/**
 * Version 2 adds an index on `twinOf` where copies are flagged; rows stay as they are. Not on
 * links: with 100k of them the extra index made the links table's first rows a third slower.
 */
export const SCHEMA_V2_CHANGES = {
  channels: 'key, id, name, twinOf',
  campaigns: 'key, id, name, twinOf',
  qrCodes: 'key, id, date, name, twinOf',
} as const;

export class LinkpilotDb extends Dexie {
  links!: EntityTable<LinkRow, 'key'>;
  linkStats!: EntityTable<LinkStatsRow, 'key'>;
  channels!: EntityTable<ChannelRow, 'key'>;
  channelItems!: EntityTable<ChannelItemRow, 'key'>;
  campaigns!: EntityTable<CampaignRow, 'key'>;
  domains!: EntityTable<DomainRow, 'key'>;
  qrCodes!: EntityTable<QrRow, 'key'>;
  qrStats!: EntityTable<QrStatsRow, 'key'>;
  overlays!: EntityTable<OverlayRow, 'id'>;
  splashPages!: EntityTable<SplashRow, 'id'>;
  account!: EntityTable<AccountRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;

  constructor(name = DB_NAME) {
    super(name);
    // Released versions are never edited: a change is a new version whose upgrade carries every
    // row across, above all the outbox (changes not yet sent are the one thing a user cannot redo).
    this.version(1).stores(SCHEMA_V1);
    // 2: flagged copies are indexed, so the sync centre counts them without reading every record.
    this.version(2).stores(SCHEMA_V2_CHANGES);
  }
}

/** Tables that mirror the service; cleared on disconnect. */
export const MIRROR_TABLES = [
  'links',
  'linkStats',
  'channels',
  'channelItems',
  'campaigns',
  'domains',
  'qrCodes',
  'qrStats',
  'overlays',
  'splashPages',
  'account',
] as const;
