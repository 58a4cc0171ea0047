/**
 * What the database stores: the mirror's rows, the outbox's changes and the totals' history. Apart
 * from the database itself (schema.ts) so that the released upgrades it runs can name them without
 * importing the database that imports them.
 */
import type { SerializedApiError } from '../api/errors';
import type { UpdateAccountInput } from '../api/inputs/account';
import type { CreateCampaignInput, UpdateCampaignInput } from '../api/inputs/campaigns';
import type { CreateChannelInput, UpdateChannelInput } from '../api/inputs/channels';
import type { CreateDomainInput, UpdateDomainInput } from '../api/inputs/domains';
import type { LinkEdit, LinkFields } from '../api/inputs/links';
import type { CreatePixelInput, UpdatePixelInput } from '../api/inputs/pixels';
import type { CreateQrInput, UpdateQrInput } from '../api/inputs/qr';
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
   * Set on a pulled record that looks like a copy of one created here (same name or long URL, made
   * at the same moment): the key of that record. Shown, never deleted unasked.
   */
  twinOf?: string;
}

export interface LinkRow extends Mirrored {
  alias: string;
  shorturl: string;
  longurl: string;
  /** pageKey(longurl), the page without tracking parameters: finds "the links of this page". */
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
  input: LinkFields | null;
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
  /** When a pull last wrote it (absent in rows written before it was kept). */
  pulledAt?: number;
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

/**
 * One total a refresh learnt that differed from the one before it (lib/history/record.ts): a link's
 * clicks or a QR code's scans at a moment, by the record's service id (a record with clicks has one;
 * a number keeps the rows small). `gain` is what the total rose by since the reading before (the total
 * the mirror held), so the clicks of any span are the sum of its observations' gains; absent for a
 * record first seen with clicks, whose earlier clicks are not known as gains.
 */
export interface Observation {
  id: number;
  at: number;
  clicks: number;
  gain?: number;
  /**
   * The last reading before this one (epoch ms): the gain came somewhere in (from, at]. Absent on
   * observations recorded before version 11, which are taken to have come at `at`.
   */
  from?: number;
  /** Unique clicks, when the reading was one record's statistics. */
  unique?: number;
}

/**
 * An observation of the last days, as read (`linkRecent`, `qrRecent`), keyed by time so the gains of
 * every record in a span are one key range. It names its record's local key too, so an order by
 * gain needs no read of the records themselves.
 */
export interface RecentObservation extends Observation {
  key: string;
}

/** An observation of schema 5 (`prev`: the total before it), as its upgrade finds it. */
export interface ObservationV5 {
  id: number;
  at: number;
  clicks: number;
  prev?: number;
  unique?: number;
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
  /** When a pull last wrote it (absent in rows written before it was kept). */
  pulledAt?: number;
}

export interface SplashRow {
  id: number;
  name: string;
  date: string | null;
  pulledAt?: number;
}

/**
 * A tracking pixel (beyond the seed's operations: a service may not offer them). Mirrored with a
 * local key since version 10, so one added here shows at once and gets its id from the answer.
 */
export interface PixelRow extends Mirrored {
  type: string;
  name: string;
  tag: string;
  /** "YYYY-MM-DD HH:MM:SS" (UTC) as the service lists it; null until it does. */
  date: string | null;
}

/** A pixel's row as versions 7 and 8 kept it: listed, keyed by the service's id. */
export interface PixelRowV7 {
  id: number;
  type: string;
  name: string;
  tag: string;
  date: string | null;
  pulledAt?: number;
}

export interface AccountRow extends Account {
  key: 'me';
  /** A pending e-mail change, shown until the service confirms it. */
  pendingEmail: string | null;
}

/** A link create as queued: its fields, and its channel and campaign by local key (they may be queued too). */
export interface QueuedLink {
  input: LinkFields;
  channelKey: string | null;
  campaignKey: string | null;
}

/** What a link's edit changes in its row: put back as it was when the service refuses the edit or does not offer edits. */
export type LinkShown = Pick<
  LinkRow,
  | 'alias'
  | 'shorturl'
  | 'longurl'
  | 'longurlKey'
  | 'title'
  | 'description'
  | 'status'
  | 'input'
  | 'words'
  | 'campaignKey'
>;

/**
 * A link's edit as queued: the request's fields (the API's input), and the row as it was before
 * the first of the edits folded into it.
 */
export interface QueuedLinkEdit {
  input: LinkEdit;
  was: LinkShown;
}

/** A QR code's edit as queued, with what its row showed before (see QueuedLinkEdit). */
export interface QueuedQrEdit {
  input: UpdateQrInput;
  was: Pick<QrRow, 'name' | 'input'>;
}

/** A pixel's edit as queued, with what its row showed before (see QueuedLinkEdit). */
export interface QueuedPixelEdit {
  input: UpdatePixelInput;
  was: Pick<PixelRow, 'type' | 'name' | 'tag'>;
}

/**
 * A delete of a record with no delete in the seed's operations: the row as it was, which comes
 * back when the service refuses the delete or does not offer deletes (its request needs no body).
 */
export interface QueuedRemoval<R> {
  row: R;
}

/** An item put into a channel: links and QR codes by local key, bio pages (known only to the service) by id. */
export interface ChannelAssignment {
  channelKey: string;
  type: ChannelItemType;
  itemKey: string | null;
  itemId: number | null;
  /** A bio page's title, shown until the pull brings the item. */
  title?: string;
}

/** What each kind of record can have queued, by operation; the payloads are the API's own inputs. */
export interface Changes {
  link: { create: QueuedLink; update: QueuedLinkEdit; delete: QueuedRemoval<LinkRow> };
  channel: { create: CreateChannelInput; update: UpdateChannelInput; delete: null };
  campaign: { create: CreateCampaignInput; update: UpdateCampaignInput; delete: null };
  domain: { create: CreateDomainInput; update: UpdateDomainInput; delete: null };
  qr: { create: CreateQrInput; update: QueuedQrEdit; delete: QueuedRemoval<QrRow> };
  pixel: { create: CreatePixelInput; update: QueuedPixelEdit; delete: QueuedRemoval<PixelRow> };
  account: { update: UpdateAccountInput };
  /** Keyed by the channel item's row key. */
  channelItem: { create: ChannelAssignment };
  /** Keyed by the link's key: a link belongs to one campaign. */
  campaignLink: { create: { campaignKey: string } };
}
export type Kind = keyof Changes;
/**
 * What a person asks of each kind, by operation: what an action takes (lib/sync/actions.ts). Each
 * kind makes the change it queues from it (`asks` in lib/kinds/kind.ts); a delete asks for nothing
 * but the record.
 */
export interface Asks {
  link: {
    /** Its fields, checked where it is asked for (lib/links/shorten.ts); channel and campaign by local key. */
    create: {
      input: LinkFields;
      channelKey?: string | null;
      campaignKey?: string | null;
      /** Its local key when chosen where it was asked for (lib/links/handed.ts); else a new one. */
      key?: string;
    };
    update: LinkEdit;
    delete: null;
  };
  channel: { create: CreateChannelInput; update: UpdateChannelInput; delete: null };
  campaign: { create: CreateCampaignInput; update: UpdateCampaignInput; delete: null };
  domain: { create: CreateDomainInput; update: UpdateDomainInput; delete: null };
  qr: { create: CreateQrInput; update: UpdateQrInput; delete: null };
  pixel: { create: CreatePixelInput; update: UpdatePixelInput; delete: null };
  account: { update: UpdateAccountInput };
  /**
   * A link or QR code by local key (it may still be waiting to be created); a bio page, which only
   * the service knows, by id.
   */
  channelItem: {
    create: {
      channelKey: string;
      item: { type: Exclude<ChannelItemType, 'bio'>; key: string } | { type: 'bio'; id: number; title?: string };
    };
  };
  /** The link by its key. */
  campaignLink: { create: { campaignKey: string; key: string } };
}
/** The kinds whose delete needs nothing but the record's key (the row goes, the service is told). */
export type DeletedByKey = { [K in Kind]: Changes[K] extends { delete: null } ? K : never }[Kind];
type ChangesOf<K extends Kind> = {
  [O in keyof Changes[K]]: { kind: K; op: O; payload: Changes[K][O] };
}[keyof Changes[K]];
/** One change to one kind of record, discriminated on kind and operation. */
export type Change<K extends Kind = Kind> = { [P in K]: ChangesOf<P> }[K];
export type OutboxOp = Change['op'];
export type OutboxState = 'pending' | 'inflight' | 'failed';

/** Where a change stands in the queue. */
export interface Queued {
  seq?: number;
  /** The record the change is about. */
  key: string;
  /** Every local key whose server id the request needs (its own record's, unless it creates it). */
  deps: string[];
  /** Server ids known so far for `deps`; filled in as the creates they wait for succeed. */
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
  /** When it was last sent (absent in entries queued before it was kept). */
  sentAt?: number;
  /** Unreadable answers in a row (absent in entries queued before it was kept). */
  unreadable?: number;
  error: SerializedApiError | null;
  /**
   * An update's or delete's base: the readable fields (update input names) as the service held them
   * when the person changed them, an update's changed ones, a delete's all (lib/sync/rebase.ts).
   * Absent in entries queued before it was kept: those are sent as they are.
   */
  base?: Record<string, unknown>;
  /**
   * A delete's: what the edits it absorbed set (update input names). They may have reached the
   * service before their answer was lost; the service holding them is no change made elsewhere.
   */
  ours?: Record<string, unknown>;
  /** Fields changed here and elsewhere to different values: held for the person to settle. */
  conflict?: FieldConflict[];
  /** The row's fields as the service held them at the last read before sending: what a discard puts back. */
  theirs?: Record<string, unknown>;
}

/** One field a queued change and another writer set differently (`mine` of a delete: the value deleted). */
export interface FieldConflict {
  field: string;
  mine: unknown;
  theirs: unknown;
}

/**
 * One change the user made, waiting to be sent. Entries of one record go out in `seq` order, each
 * once the ids of its `deps` are known.
 */
export type OutboxEntry<K extends Kind = Kind> = Change<K> & Queued;

export interface MetaRow {
  key: string;
  value: unknown;
}

/** When one record's total was last read. */
export interface LastRead {
  id: number;
  at: number;
}
