import Dexie, { type EntityTable } from 'dexie';
import { DB_NAME } from './names';
import type {
  AccountRow,
  CampaignRow,
  ChannelItemRow,
  ChannelRow,
  DomainRow,
  LastRead,
  LinkRow,
  LinkStatsRow,
  MetaRow,
  Observation,
  OutboxEntry,
  OverlayRow,
  PixelRow,
  PixelRowV7,
  QrRow,
  QrStatsRow,
  RecentObservation,
  SplashRow,
} from './records';
import { upgradeToV4 } from './upgrade-v4';

// The records are declared apart (records.ts); most code knows them as the database's.
export type * from './records';

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

/**
 * Version 3: the outbox is typed by kind and operation, and indexed so the next entry and the
 * queued changes of one kind are found without reading the whole queue. The trace of a browser's
 * resend (`resent` on entries, `sentTwice` on rows) and the never-read `auth-refused` row go.
 */
export const SCHEMA_V3_CHANGES = {
  outbox: '++seq, key, state, *deps, [state+priority+seq], [kind+op]',
} as const;

/**
 * Version 5: the history of totals (lib/history/), per kind, by service id and time; `at` alone
 * finds the last days' gains of every record at once (Trending). Nothing else changes.
 */
export const SCHEMA_V5_CHANGES = {
  linkHistory: '[id+at], at',
  qrHistory: '[id+at], at',
} as const;

/**
 * Version 6: the last days' observations move to tables keyed by time (`[at+id]`), which give every
 * record's gains in a span as one key range, and name each record's key; the thinned days stay keyed
 * by record alone, without the index on `at` (each of those rows paid for an index entry read once,
 * on the day it was thinned). Observations carry their gain instead of the total before them.
 */
export const SCHEMA_V6_CHANGES = {
  linkHistory: '[id+at]',
  qrHistory: '[id+at]',
  linkRecent: '[at+id], id',
  qrRecent: '[at+id], id',
} as const;

/** Version 7: tracking pixels, listed like overlays and splash pages (keyed by the service's id). */
export const SCHEMA_V7_CHANGES = {
  pixels: 'id',
} as const;

/**
 * Version 8: QR codes are kept in `qrs`, the name the service's list and every other part of the
 * core give them (`qrCodes` was the one other name a kind had); same indexes, rows copied across.
 */
export const SCHEMA_V8_CHANGES = {
  qrs: 'key, id, date, name, twinOf',
  qrCodes: null,
} as const;

/**
 * Versions 9 and 10: pixels become mirrored records with local keys (IndexedDB cannot change a
 * table's primary key): 9 drops the table keyed by id, 10 makes it again keyed by the local key.
 */
export const SCHEMA_V9_CHANGES = { pixels: null } as const;
export const SCHEMA_V10_CHANGES = { pixels: 'key, id' } as const;

/**
 * Version 11: when each link's and QR code's total was last read, by service id, so a gain is known
 * to lie between two readings (lib/history/record.ts); new tables only.
 */
export const SCHEMA_V11_CHANGES = { linkReads: 'id', qrReads: 'id' } as const;

export class LinkpilotDb extends Dexie {
  links!: EntityTable<LinkRow, 'key'>;
  linkStats!: EntityTable<LinkStatsRow, 'key'>;
  channels!: EntityTable<ChannelRow, 'key'>;
  channelItems!: EntityTable<ChannelItemRow, 'key'>;
  campaigns!: EntityTable<CampaignRow, 'key'>;
  domains!: EntityTable<DomainRow, 'key'>;
  qrs!: EntityTable<QrRow, 'key'>;
  qrStats!: EntityTable<QrStatsRow, 'key'>;
  overlays!: EntityTable<OverlayRow, 'id'>;
  splashPages!: EntityTable<SplashRow, 'id'>;
  pixels!: EntityTable<PixelRow, 'key'>;
  account!: EntityTable<AccountRow, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  linkHistory!: Dexie.Table<Observation, [number, number]>;
  qrHistory!: Dexie.Table<Observation, [number, number]>;
  linkRecent!: Dexie.Table<RecentObservation, [number, number]>;
  qrRecent!: Dexie.Table<RecentObservation, [number, number]>;
  linkReads!: Dexie.Table<LastRead, number>;
  qrReads!: Dexie.Table<LastRead, number>;

  constructor(name = DB_NAME) {
    super(name);
    // Released versions are never edited: a change is a new version whose upgrade carries every
    // row across, above all the outbox (changes not yet sent are the one thing a user cannot redo).
    this.version(1).stores(SCHEMA_V1);
    // 2: flagged copies are indexed, so the sync centre counts them without reading every record.
    this.version(2).stores(SCHEMA_V2_CHANGES);
    // 3: the outbox typed by kind and operation, indexed for the queue; the resend trace goes.
    // Its upgrade parses old payloads with the input schemas; loaded only when a database needs it,
    // so they stay out of the popup's first load. Dexie.waitFor keeps the upgrade's transaction
    // open while the module loads.
    this.version(3)
      .stores(SCHEMA_V3_CHANGES)
      .upgrade(async (tx) => (await Dexie.waitFor(import('./upgrade-v3'))).upgradeToV3(tx));
    // 4: a link's `longurlKey` leaves out tracking parameters, so a page shortened with UTM values is found again.
    this.version(4).stores({}).upgrade(upgradeToV4);
    // 5: the totals the refresh learns are remembered (how links do over time); new tables only.
    this.version(5).stores(SCHEMA_V5_CHANGES);
    // 6: the last days keyed by time, apart from the thinned days; gains instead of totals before.
    this.version(6)
      .stores(SCHEMA_V6_CHANGES)
      .upgrade(async (tx) => (await Dexie.waitFor(import('./upgrade-v6'))).upgradeToV6(tx));
    // 7: tracking pixels, so a link's pixels are chosen by name; a new table only.
    this.version(7).stores(SCHEMA_V7_CHANGES);
    // 8: the QR codes' table takes the kind's one plural name; its rows move, nothing else changes.
    this.version(8)
      .stores(SCHEMA_V8_CHANGES)
      .upgrade(async (tx) => (await Dexie.waitFor(import('./upgrade-v8'))).upgradeToV8(tx));
    // 9 and 10: pixels keyed by a local key, so one added here shows at once. The rows and the queued
    // deletes of version 8 are carried across, from the one version's upgrade to the next.
    let carried: PixelRowV7[] = [];
    this.version(9)
      .stores(SCHEMA_V9_CHANGES)
      .upgrade(async (tx) => {
        carried = await (await Dexie.waitFor(import('./upgrade-v10'))).upgradeToV9(tx);
      });
    this.version(10)
      .stores(SCHEMA_V10_CHANGES)
      .upgrade(async (tx) => (await Dexie.waitFor(import('./upgrade-v10'))).pixelRows(tx, carried));
    // 11: each record's last reading, so a gain is placed between two readings; new tables only.
    this.version(11).stores(SCHEMA_V11_CHANGES);
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
  'qrs',
  'qrStats',
  'overlays',
  'splashPages',
  'pixels',
  'account',
  'linkHistory',
  'qrHistory',
  'linkRecent',
  'qrRecent',
  'linkReads',
  'qrReads',
] as const;
