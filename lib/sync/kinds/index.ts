import type { Change, Kind, OutboxEntry } from '../../db/schema';
import { account } from './account';
import { campaign } from './campaign';
import { campaignLink } from './campaign-link';
import { channel } from './channel';
import { channelItem } from './channel-item';
import { domain } from './domain';
import type { EditableField, KindSpec, SendContext } from './kind';
import { link } from './link';
import { qr } from './qr';

/** Every kind of record the outbox carries; the compiler checks that none is missing. */
export const KINDS: { [K in Kind]: KindSpec<K> } = {
  link,
  channel,
  campaign,
  domain,
  qr,
  account,
  channelItem,
  campaignLink,
};

// Each is called as f(entry.kind, entry): the kind's description then receives the entry typed as its own.
export const sendEntry = <K extends Kind>(ctx: SendContext, kind: K, entry: OutboxEntry<K>) =>
  KINDS[kind].send(ctx, entry);
const describe = <K extends Kind>(kind: K, change: Change<K>) => KINDS[kind].describe(change);
const editable = <K extends Kind>(kind: K, change: Change<K>) => KINDS[kind].editable(change);

/** A sentence a person understands for one queued change. */
export const describeChange = (change: Change): string => describe(change.kind, change);

/** The fields of a queued create a person can correct, with their current values. */
export const editableFields = (change: Change): EditableField[] =>
  change.op === 'create' ? editable(change.kind, change) : [];
