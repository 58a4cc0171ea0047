import type { EntityTable } from 'dexie';
import { ApiError } from '../api/errors';
import * as account from '../api/inputs/account';
import * as campaigns from '../api/inputs/campaigns';
import * as channels from '../api/inputs/channels';
import * as domains from '../api/inputs/domains';
import { expiryProblem, type LinkFields, linkFieldsInput } from '../api/inputs/links';
import * as qrs from '../api/inputs/qr';
import { formatDatetime } from '../api/schemas/primitives';
import { validateInput } from '../api/validate-input';
import { newLocalKey } from '../db/keys';
import { channelItemKey } from '../db/rows';
import type { Kind, LinkpilotDb, Mirrored, OutboxEntry, Queued } from '../db/schema';
import { campaign } from './kinds/campaign';
import { channel } from './kinds/channel';
import { domain } from './kinds/domain';
import { KINDS } from './kinds/index';
import type { Fields, Listing } from './kinds/kind';
import { link } from './kinds/link';
import { qr } from './kinds/qr';
import { dropDependents, enqueue, type NewChange, refreshSyncState } from './outbox';

/**
 * One function per user action. Each validates its input with the API's own schemas, writes the
 * local record and its outbox entry in one transaction, and returns at once; the background
 * worker sends it. Views follow the mirror through live queries, so the change shows instantly.
 */
export interface ActionContext {
  db: LinkpilotDb;
  now?: () => number;
}

export interface CreateLinkAction {
  input: LinkFields;
  /** Local keys: the channel or campaign may itself still be waiting to be created. */
  channelKey?: string | null;
  campaignKey?: string | null;
  /** 0 when someone is waiting for the short URL (shorten this page). */
  priority?: 0 | 1;
}

/**
 * Runs an action's writes in one transaction, over every table an action may touch: the outbox
 * looks up server ids across the mirror, and Dexie refuses tables outside the scope.
 */
async function change<T>(ctx: ActionContext, work: (now: number) => Promise<T>): Promise<T> {
  const now = (ctx.now ?? Date.now)();
  const { db } = ctx;
  const tables = [db.links, db.channels, db.campaigns, db.domains, db.qrCodes, db.account, db.channelItems, db.outbox];
  // The scope must itself be an async function: Dexie keeps the transaction alive across native
  // awaits only for those (a plain arrow returning a promise commits too early).
  return db.transaction('rw', tables, async () => work(now));
}

async function queue(ctx: ActionContext, entry: NewChange, now: number): Promise<void> {
  await enqueue(ctx.db, entry, now);
  await refreshSyncState(ctx.db, entry.kind, entry.key);
}

async function requireRow<R extends Mirrored>(table: EntityTable<R, 'key'>, key: string, what: string): Promise<R> {
  const row = await table.where('key').equals(key).first();
  if (!row) throw new ApiError({ kind: 'not-found', message: `That ${what} no longer exists here.`, retryable: false });
  return row;
}

const fresh = (key: string) => ({ key, id: null, sync: 'pending' as const, pulledAt: 0 });

/** Writes a new record through `add` and queues its create; returns the record's local key. */
async function create(ctx: ActionContext, add: (key: string, now: number) => Promise<NewChange>): Promise<string> {
  const key = newLocalKey();
  await change(ctx, async (now) => queue(ctx, await add(key, now), now));
  return key;
}

/** Lays an edit over the record as its kind does over pulled values, and queues it. */
async function update<R extends Mirrored, I extends { id: number }>(
  ctx: ActionContext,
  listing: Listing<R, I>,
  what: string,
  edit: NewChange,
): Promise<void> {
  await change(ctx, async (now) => {
    const row = await requireRow(listing.rows(ctx.db), edit.key, what);
    await listing.rows(ctx.db).put(listing.withEdit?.(row, edit) ?? row);
    await queue(ctx, edit, now);
  });
}

/** Deletes a record here and queues its delete, which folds away a create that was never sent. */
async function remove<R extends Mirrored, I extends { id: number }>(
  ctx: ActionContext,
  kind: 'channel' | 'campaign' | 'domain',
  listing: Listing<R, I>,
  key: string,
  alsoLocally: () => Promise<unknown> = async () => undefined,
): Promise<void> {
  await change(ctx, async (now) => {
    const rows = listing.rows(ctx.db).where('key').equals(key);
    if ((await rows.count()) === 0) return;
    // Enqueued before the row goes, so the entry picks up the record's server id.
    await enqueue(ctx.db, { kind, op: 'delete', key, deps: [key], payload: null }, now);
    await rows.delete();
    await alsoLocally();
  });
}

export async function createLink(ctx: ActionContext, action: CreateLinkAction): Promise<string> {
  const input = validateInput(linkFieldsInput, action.input);
  const late = expiryProblem(input.expiry, new Date((ctx.now ?? Date.now)()));
  if (late) throw new ApiError({ kind: 'validation', field: 'expiry', message: `expiry: ${late}`, retryable: false });
  const { channelKey = null, campaignKey = null, priority = 1 } = action;
  return create(ctx, async (key, now) => {
    if (channelKey) await requireRow(ctx.db.channels, channelKey, 'channel');
    if (campaignKey) await requireRow(ctx.db.campaigns, campaignKey, 'campaign');
    const payload = { input, channelKey, campaignKey };
    const row = { ...fresh(key), ...link.fromInput(payload, now) };
    await ctx.db.links.add(row);
    if (channelKey) {
      const item = { itemKey: key, itemId: null, title: row.title, preview: row.longurl, link: '' };
      await ctx.db.channelItems.put({
        ...{ key: channelItemKey(channelKey, 'links', key, null), channelKey, type: 'links', ...item },
        ...{ date: row.date.slice(0, 10), sync: 'pending' },
      });
    }
    const deps = [channelKey, campaignKey].filter((k) => k !== null);
    return { kind: 'link', op: 'create', key, deps, payload, priority };
  });
}

export async function createChannel(ctx: ActionContext, fields: channels.CreateChannelInput): Promise<string> {
  const payload = validateInput(channels.createChannelInput, fields);
  return create(ctx, async (key) => {
    await ctx.db.channels.add({ ...fresh(key), ...channel.fromInput(payload, 0) });
    return { kind: 'channel', op: 'create', key, deps: [], payload };
  });
}

export async function updateChannel(
  ctx: ActionContext,
  key: string,
  fields: channels.UpdateChannelInput,
): Promise<void> {
  const payload = validateInput(channels.updateChannelInput, fields);
  await update(ctx, channel.listing, 'channel', { kind: 'channel', op: 'update', key, deps: [key], payload });
}

export async function deleteChannel(ctx: ActionContext, key: string): Promise<void> {
  // The service unassigns the channel's items; the mirror does the same at once.
  await remove(ctx, 'channel', channel.listing, key, () =>
    ctx.db.channelItems.where('channelKey').equals(key).delete(),
  );
}

/**
 * Assigns a link, QR code or bio page to a channel. Links and QR codes are named by local key
 * (they may still be waiting to be created); bio pages, which only the service knows, by id.
 */
export async function assignToChannel(
  ctx: ActionContext,
  channelKey: string,
  item: { type: 'links' | 'qr'; key: string } | { type: 'bio'; id: number; title?: string },
): Promise<void> {
  await change(ctx, async (now) => {
    await requireRow(ctx.db.channels, channelKey, 'channel');
    const itemKey = item.type === 'bio' ? null : item.key;
    const itemId = item.type === 'bio' ? item.id : null;
    const shown = { title: item.type === 'bio' ? (item.title ?? '') : '', link: '', preview: '' };
    if (item.type === 'links' || item.type === 'qr') {
      const row = item.type === 'links' ? await ctx.db.links.get(item.key) : await ctx.db.qrCodes.get(item.key);
      if (!row)
        throw new ApiError({ kind: 'not-found', message: 'That item no longer exists here.', retryable: false });
      Object.assign(
        shown,
        'longurl' in row
          ? { title: row.title, link: row.shorturl, preview: row.longurl }
          : { title: row.name, link: row.link },
      );
    }
    const key = channelItemKey(channelKey, item.type, itemKey, itemId);
    const date = formatDatetime(new Date(now)).slice(0, 10);
    // An item is in one channel at a time: assigning it again moves it (as the local service does; the
    // spec does not say). The mirror moves it at once; the next refresh shows where the service keeps it.
    await ctx.db.channelItems
      .filter(
        (r) =>
          r.key !== key && r.type === item.type && (itemKey !== null ? r.itemKey === itemKey : r.itemId === itemId),
      )
      .delete();
    await ctx.db.channelItems.put({
      key,
      channelKey,
      type: item.type,
      itemKey,
      itemId,
      ...shown,
      date,
      sync: 'pending',
    });
    const payload = { channelKey, type: item.type, itemKey, itemId };
    const deps = itemKey ? [channelKey, itemKey] : [channelKey];
    await queue(ctx, { kind: 'channelItem', op: 'create', key, deps, payload }, now);
  });
}

export async function createCampaign(ctx: ActionContext, fields: campaigns.CreateCampaignInput): Promise<string> {
  const payload = validateInput(campaigns.createCampaignInput, fields);
  return create(ctx, async (key) => {
    await ctx.db.campaigns.add({ ...fresh(key), ...campaign.fromInput(payload, 0) });
    return { kind: 'campaign', op: 'create', key, deps: [], payload };
  });
}

export async function updateCampaign(
  ctx: ActionContext,
  key: string,
  fields: campaigns.UpdateCampaignInput,
): Promise<void> {
  const payload = validateInput(campaigns.updateCampaignInput, fields);
  await update(ctx, campaign.listing, 'campaign', { kind: 'campaign', op: 'update', key, deps: [key], payload });
}

export async function deleteCampaign(ctx: ActionContext, key: string): Promise<void> {
  await remove(ctx, 'campaign', campaign.listing, key, () =>
    ctx.db.links.where('campaignKey').equals(key).modify({ campaignKey: null }),
  );
}

export async function assignToCampaign(ctx: ActionContext, campaignKey: string, linkKey: string): Promise<void> {
  await change(ctx, async (now) => {
    await requireRow(ctx.db.campaigns, campaignKey, 'campaign');
    await requireRow(ctx.db.links, linkKey, 'link');
    await ctx.db.links.update(linkKey, { campaignKey });
    const deps = [campaignKey, linkKey];
    await queue(ctx, { kind: 'campaignLink', op: 'create', key: linkKey, deps, payload: { campaignKey } }, now);
  });
}

export async function createDomain(ctx: ActionContext, fields: domains.CreateDomainInput): Promise<string> {
  const payload = validateInput(domains.createDomainInput, fields);
  return create(ctx, async (key) => {
    await ctx.db.domains.add({ ...fresh(key), ...domain.fromInput(payload, 0) });
    return { kind: 'domain', op: 'create', key, deps: [], payload };
  });
}

export async function updateDomain(ctx: ActionContext, key: string, fields: domains.UpdateDomainInput): Promise<void> {
  const payload = validateInput(domains.updateDomainInput, fields);
  await update(ctx, domain.listing, 'domain', { kind: 'domain', op: 'update', key, deps: [key], payload });
}

export async function deleteDomain(ctx: ActionContext, key: string): Promise<void> {
  await remove(ctx, 'domain', domain.listing, key);
}

export async function createQrCode(ctx: ActionContext, fields: qrs.CreateQrInput): Promise<string> {
  const payload = validateInput(qrs.createQrInput, fields);
  return create(ctx, async (key, now) => {
    await ctx.db.qrCodes.add({ ...fresh(key), ...qr.fromInput(payload, now) });
    return { kind: 'qr', op: 'create', key, deps: [], payload };
  });
}

/** Queues an e-mail and/or password change (see lib/sync/kinds/account.ts). */
export async function updateAccount(ctx: ActionContext, fields: account.UpdateAccountInput): Promise<void> {
  const payload = validateInput(account.updateAccountInput, fields);
  await change(ctx, async (now) => {
    if (payload.email) await ctx.db.account.update('me', { pendingEmail: payload.email });
    await enqueue(ctx.db, { kind: 'account', op: 'update', key: 'me', deps: [], payload }, now);
  });
}

/** Sends a refused change again as it is (after the cause was fixed elsewhere). */
export async function retryChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    if (entry?.state !== 'failed') return;
    await ctx.db.outbox.update(seq, { state: 'pending', error: null, attempts: 0, notBefore: now });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

const discardOf = <K extends Kind>(db: LinkpilotDb, kind: K, entry: OutboxEntry<K>) => KINDS[kind].discard?.(db, entry);

/** A discarded create takes its record along, so nothing is left pretending to be on the service. */
async function forgetCreate(db: LinkpilotDb, entry: OutboxEntry): Promise<void> {
  const table = KINDS[entry.kind].table;
  if (entry.op !== 'create' || !table) return;
  await db.outbox.where('key').equals(entry.key).delete();
  await dropDependents(db, entry.key);
  await db.table(table).delete(entry.key);
  await db.channelItems.where('itemKey').equals(entry.key).delete();
}

/** Gives up a queued change (not one on the wire) and what it wrote here. */
export async function discardChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async () => {
    const entry = await ctx.db.outbox.get(seq);
    if (!entry || entry.state === 'inflight') return;
    await ctx.db.outbox.delete(seq);
    await (discardOf(ctx.db, entry.kind, entry) ?? forgetCreate(ctx.db, entry));
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

const editCreate = <K extends Kind>(db: LinkpilotDb, kind: K, entry: OutboxEntry<K>, fields: Fields) =>
  KINDS[kind].edit(db, entry, fields);

/**
 * Changes what a queued create will send (typically after the service refused it), validated as a
 * new create, with the local record to match, and puts the entry back in the queue.
 */
export async function editQueuedCreate(ctx: ActionContext, seq: number, fields: Fields): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    if (entry?.op !== 'create' || entry.state === 'inflight')
      throw new ApiError({
        kind: 'validation',
        message: 'This change is being sent and cannot be edited now.',
        retryable: false,
      });
    const edited = await editCreate(ctx.db, entry.kind, entry, fields);
    if (!edited) throw new ApiError({ kind: 'validation', message: 'This change cannot be edited.', retryable: false });
    const queued: Queued = entry;
    await ctx.db.outbox.put({ ...queued, ...edited, state: 'pending', error: null, attempts: 0, notBefore: now });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}
