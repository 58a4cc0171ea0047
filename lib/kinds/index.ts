import type { EntityTable, Table } from 'dexie';
import type { Change, Kind, LinkpilotDb, Mirrored } from '../db/schema';
import { account } from './account';
import { campaign } from './campaign';
import { campaignLink } from './campaign-link';
import { channel } from './channel';
import { channelItem } from './channel-item';
import { domain } from './domain';
import type { EditableField, KindSpec, RecordKind } from './kind';
import { link } from './link';
import { pixel } from './pixel';
import { qr } from './qr';

/** Every kind of record the outbox carries; the compiler checks that none is missing. */
const KINDS: { [K in Kind]: KindSpec<K> } = {
  link,
  channel,
  campaign,
  domain,
  qr,
  pixel,
  account,
  channelItem,
  campaignLink,
};

/**
 * The description of a change's kind, called as kindOf(change.kind).method(change): indexed by a
 * type parameter, the registry gives one description instead of a union no change fits.
 */
export const kindOf = <K extends Kind>(kind: K): KindSpec<K> => KINDS[kind];

/**
 * Every table a person's change may write, the outbox included: a transaction that queues changes
 * of any kind (a bulk list, an action) holds them all.
 */
export function changeTables(db: LinkpilotDb): Table[] {
  const names = new Set(Object.values(KINDS).flatMap((spec) => [spec.table ?? [], spec.writes ?? []].flat()));
  return [...[...names].map((name) => db.table(name)), db.outbox];
}

/** The tables of the kinds mirrored one row per record: a local key each, the service's id once made. */
export const recordTables = (db: LinkpilotDb): EntityTable<Mirrored, 'key'>[] =>
  Object.values(KINDS).flatMap((spec: object) =>
    'listing' in spec ? [(spec as Pick<RecordKind<Kind, Mirrored, { id: number }>, 'listing'>).listing.rows(db)] : [],
  );

/** A sentence a person understands for one queued change. */
export const describeChange = (change: Change): string => kindOf(change.kind).describe(change);

/** The fields of a queued create a person can correct, with their current values. */
export const editableFields = (change: Change): EditableField[] =>
  (change.op === 'create' && kindOf(change.kind).editable?.(change)) || [];
