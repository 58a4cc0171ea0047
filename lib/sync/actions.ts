import Dexie from 'dexie';
import { ApiError } from '../api/errors';
import * as account from '../api/inputs/account';
import * as campaigns from '../api/inputs/campaigns';
import * as channels from '../api/inputs/channels';
import * as domains from '../api/inputs/domains';
import { type LinkEdit, type LinkFields, linkEditInput, validLink } from '../api/inputs/links';
import * as pixels from '../api/inputs/pixels';
import * as qrs from '../api/inputs/qr';
import type { ChannelItemType } from '../api/schemas/channels';
import { validateInput } from '../api/validate-input';
import { newLocalKey } from '../db/keys';
import { channelItemKey } from '../db/rows';
import type { DeletedByKey, LinkpilotDb, OutboxEntry, Queued } from '../db/schema';
import { changeTables, kindOf } from '../kinds/index';
import type { Fields } from '../kinds/kind';
import { shownOf } from '../kinds/link';
import type { MirrorWrite } from '../kinds/mirror-write';
import { baseOf, rowFieldsOf } from '../kinds/two-writers';
import { repointRefusal } from '../qr/repoint';
import { words } from '../words';
import { refuseAbsent } from './beyond-seed';
import { writeMirror } from './mirror';
import {
  type Claimed,
  changeEntry,
  type Draft,
  dropDependents,
  endEntry,
  endRecord,
  enqueue,
  type NewChange,
  refreshSyncState,
  replaceEntry,
} from './outbox';
import { refuseTaken } from './taken';

/**
 * One function per user action: its input validated with the API's own schemas, the local record
 * and its outbox entry written in one transaction; the background worker sends it.
 */
export interface ActionContext {
  db: LinkpilotDb;
  now?: () => number;
  /** 0 when a person waits for the service's answer (a form that stays open for it): sent first. */
  priority?: 0 | 1;
  /**
   * Given, a priority-0 change that can go at once is queued already claimed, and this is told so
   * inside the transaction, as soon as the entry is added: the caller hands it to the worker
   * (`sendWhenAsked`), which sends it as it is. The worker's read of it is a later transaction
   * over the outbox, which IndexedDB runs only after this one has committed: it finds the entry
   * once it is on disk, or not at all, never before.
   */
  claimed?: (entry: Claimed) => void;
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
  // The scope must itself be an async function: Dexie keeps the transaction alive across native
  // awaits only for those (a plain arrow returning a promise commits too early).
  return db.transaction('rw', changeTables(db), async () => work(now));
}

/**
 * Queues a change and shows it in the mirror as its kind says (lib/sync/mirror.ts writes it, with
 * the record's sync state), in one transaction.
 */
async function queue(ctx: ActionContext, entry: NewChange): Promise<void> {
  await change(ctx, async (now) => {
    const table = kindOf(entry.kind).table;
    if (entry.op === 'delete' && table && !(await ctx.db.table(table).get(entry.key))) return;
    // What the mirror knows to be taken is refused here, at once and offline too, never queued to fail.
    await refuseTaken(ctx.db, entry, entry.key);
    // Queued before a deleted row goes, so the entry picks up the record's server id.
    // A native async function that may end without a request (a create has no base): awaited as a
    // Dexie promise, as `shows` below, or the transaction may commit before the entry is added.
    const base = await Dexie.Promise.resolve(baseFor(ctx.db, entry));
    const seq = await enqueue(ctx.db, { ...entry, ...base }, now, ctx.claimed !== undefined);
    if (seq !== null) ctx.claimed?.({ seq, key: entry.key });
    // What it shows is read through a native async function that may end without a request (a new
    // record's row). Awaited as a Dexie promise, the transaction is carried across it as across any
    // request; a bare await lost it when other databases were busy, and the action committed early.
    const writes = await Dexie.Promise.resolve(kindOf(entry.kind).shows(ctx.db, entry, entry.key, now));
    await writeMirror(ctx.db, writes);
  });
}

/** An update's or delete's base, from the row it is made over (lib/kinds/two-writers.ts). */
async function baseFor(db: LinkpilotDb, entry: NewChange): Promise<Pick<Queued, 'base'>> {
  const { table, twoWriters } = kindOf(entry.kind);
  if (!table || !twoWriters || (entry.op !== 'update' && entry.op !== 'delete')) return {};
  const row = await db.table(table).get(entry.key);
  const base = row && baseOf(twoWriters, entry, row);
  return base ? { base } : {};
}

/** Queues a record's create under a new local key, and returns the key. */
async function create(ctx: ActionContext, draft: Draft): Promise<string> {
  const key = newLocalKey();
  await queue(ctx, { priority: ctx.priority, ...draft, key });
  return key;
}

/** Queues a link's create; its fields are checked where it is asked for (lib/links/shorten.ts). */
export async function createLink(ctx: ActionContext, action: CreateLinkAction): Promise<string> {
  const { input, channelKey = null, campaignKey = null, priority = ctx.priority ?? 1 } = action;
  const deps = [channelKey, campaignKey].filter((k) => k !== null);
  const payload = { input, channelKey, campaignKey };
  return create(ctx, { kind: 'link', op: 'create', deps, payload, priority });
}

export const createChannel = async (ctx: ActionContext, fields: channels.CreateChannelInput) =>
  create(ctx, { kind: 'channel', op: 'create', payload: validateInput(channels.createChannelInput, fields) });

export const updateChannel = async (ctx: ActionContext, key: string, fields: channels.UpdateChannelInput) =>
  queue(ctx, { kind: 'channel', op: 'update', key, payload: validateInput(channels.updateChannelInput, fields) });

/** Deletes a channel, campaign or branded domain here at once, and on the service in the background. */
export const deleteRecord = async (ctx: ActionContext, kind: DeletedByKey, key: string) =>
  queue(ctx, { kind, op: 'delete', key, payload: null });

/**
 * Assigns a link, QR code or bio page to a channel. Links and QR codes are named by local key
 * (they may still be waiting to be created); bio pages, which only the service knows, by id.
 */
export async function assignToChannel(
  ctx: ActionContext,
  channelKey: string,
  item: { type: Exclude<ChannelItemType, 'bio'>; key: string } | { type: 'bio'; id: number; title?: string },
): Promise<void> {
  const [itemKey, itemId] = item.type === 'bio' ? [null, item.id] : [item.key, null];
  const payload = { channelKey, type: item.type, itemKey, itemId, ...(item.type === 'bio' && { title: item.title }) };
  const key = channelItemKey(channelKey, item.type, itemKey, itemId);
  const deps = itemKey ? [channelKey, itemKey] : [channelKey];
  await queue(ctx, { kind: 'channelItem', op: 'create', key, deps, payload });
}

export const createCampaign = async (ctx: ActionContext, fields: campaigns.CreateCampaignInput) =>
  create(ctx, { kind: 'campaign', op: 'create', payload: validateInput(campaigns.createCampaignInput, fields) });

export const updateCampaign = async (ctx: ActionContext, key: string, fields: campaigns.UpdateCampaignInput) =>
  queue(ctx, { kind: 'campaign', op: 'update', key, payload: validateInput(campaigns.updateCampaignInput, fields) });

export const assignToCampaign = async (ctx: ActionContext, campaignKey: string, key: string) =>
  queue(ctx, { kind: 'campaignLink', op: 'create', key, deps: [campaignKey, key], payload: { campaignKey } });

export const createDomain = async (ctx: ActionContext, fields: domains.CreateDomainInput) =>
  create(ctx, { kind: 'domain', op: 'create', payload: validateInput(domains.createDomainInput, fields) });

export const updateDomain = async (ctx: ActionContext, key: string, fields: domains.UpdateDomainInput) =>
  queue(ctx, { kind: 'domain', op: 'update', key, payload: validateInput(domains.updateDomainInput, fields) });

export const createQrCode = async (ctx: ActionContext, fields: qrs.CreateQrInput) =>
  create(ctx, { kind: 'qr', op: 'create', payload: validateInput(qrs.createQrInput, fields) });

/** An e-mail and/or password change (see lib/kinds/account.ts). */
export const updateAccount = async (ctx: ActionContext, fields: account.UpdateAccountInput) =>
  queue(ctx, { kind: 'account', op: 'update', key: 'me', payload: validateInput(account.updateAccountInput, fields) });

/**
 * Edits a link: `fields` are the long URL and what changed (see `linkEditInput`). Its clicks,
 * statistics and history stay: it is the same link. Refused at once when the service is known not
 * to offer edits; a change of channel or campaign is an assignment of its own.
 */
export async function updateLink(ctx: ActionContext, key: string, fields: LinkEdit): Promise<void> {
  await refuseAbsent(ctx.db, 'linkEdit');
  const input = validLink(linkEditInput, fields, new Date((ctx.now ?? Date.now)()));
  const row = await ctx.db.links.get(key);
  if (!row) throw new ApiError({ kind: 'not-found', message: words('change.gone.link'), retryable: false });
  await queue(ctx, { kind: 'link', op: 'update', key, payload: { input, was: shownOf(row) }, priority: ctx.priority });
}

/** Deletes a link here at once, and on the service in the background. */
export async function deleteLink(ctx: ActionContext, key: string): Promise<void> {
  await deleteLinks(ctx, [key]);
}

/** Deletes links (a selection of the table, say): one queued delete each, in one transaction. */
export async function deleteLinks(ctx: ActionContext, keys: readonly string[]): Promise<void> {
  await refuseAbsent(ctx.db, 'linkDelete');
  await change(ctx, async () => {
    for (const key of keys) {
      const row = await ctx.db.links.get(key);
      if (row) await queue(ctx, { kind: 'link', op: 'delete', key, payload: { row }, priority: ctx.priority });
    }
  });
}

/**
 * Edits a QR code's name or look, or re-points it: a new type and data change where its printed
 * code leads, which keeps its address and its scans. Refused here when the printed code could not
 * follow (lib/qr/repoint.ts).
 */
export async function updateQrCode(ctx: ActionContext, key: string, fields: qrs.UpdateQrInput): Promise<void> {
  await refuseAbsent(ctx.db, 'qrEdit');
  const input = validateInput(qrs.updateQrInput, fields);
  const row = await ctx.db.qrs.get(key);
  if (!row) throw new ApiError({ kind: 'not-found', message: words('change.gone.qr'), retryable: false });
  const refused = input.type === undefined ? null : repointRefusal(row, input.type);
  if (refused)
    throw new ApiError({ kind: 'validation', field: refused.field, message: refused.message, retryable: false });
  const was = { name: row.name, input: row.input };
  await queue(ctx, { kind: 'qr', op: 'update', key, payload: { input, was }, priority: ctx.priority });
}

/** Deletes a QR code here at once, and on the service in the background. */
export async function deleteQrCode(ctx: ActionContext, key: string): Promise<void> {
  await deleteQrCodes(ctx, [key]);
}

/** Deletes QR codes (a selection of the list): one queued delete each, in one transaction. */
export async function deleteQrCodes(ctx: ActionContext, keys: readonly string[]): Promise<void> {
  await refuseAbsent(ctx.db, 'qrDelete');
  await change(ctx, async () => {
    for (const key of keys) {
      const row = await ctx.db.qrs.get(key);
      if (row) await queue(ctx, { kind: 'qr', op: 'delete', key, payload: { row }, priority: ctx.priority });
    }
  });
}

/** Adds a tracking pixel: listed here at once under a local key, given its id by the service's answer. */
export async function createPixel(ctx: ActionContext, fields: pixels.CreatePixelInput): Promise<string> {
  await refuseAbsent(ctx.db, 'pixelAdd');
  return create(ctx, { kind: 'pixel', op: 'create', payload: validateInput(pixels.createPixelInput, fields) });
}

/** Renames a tracking pixel, or changes its network or id; the links that use it keep it. */
export async function updatePixel(ctx: ActionContext, key: string, fields: pixels.UpdatePixelInput): Promise<void> {
  await refuseAbsent(ctx.db, 'pixelEdit');
  const input = validateInput(pixels.updatePixelInput, fields);
  const row = await ctx.db.pixels.get(key);
  if (!row) throw new ApiError({ kind: 'not-found', message: words('change.gone.pixel'), retryable: false });
  const was = { type: row.type, name: row.name, tag: row.tag };
  await queue(ctx, { kind: 'pixel', op: 'update', key, payload: { input, was }, priority: ctx.priority });
}

/** Deletes a tracking pixel here at once, and on the service in the background. */
export async function deletePixel(ctx: ActionContext, key: string): Promise<void> {
  await refuseAbsent(ctx.db, 'pixelDelete');
  const row = await ctx.db.pixels.get(key);
  if (row) await queue(ctx, { kind: 'pixel', op: 'delete', key, payload: { row }, priority: ctx.priority });
}

/** Sends a refused change again as it is (after the cause was fixed elsewhere). */
export async function retryChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    if (entry?.state !== 'failed') return;
    await changeEntry(ctx.db, seq, { state: 'pending', error: null, attempts: 0, notBefore: now });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/** A discarded create takes its record along, so nothing is left pretending to be on the service. */
async function forgetCreate(db: LinkpilotDb, entry: OutboxEntry): Promise<void> {
  const table = kindOf(entry.kind).table;
  if (entry.op !== 'create' || !table) return;
  await endRecord(db, entry.key);
  await dropDependents(db, entry.key);
  await writeMirror(db, [
    { remove: table, key: entry.key },
    { each: 'channelItems', where: 'itemKey', equals: entry.key, fields: null },
  ]);
}

/** Gives up a queued change (not one on the wire) and what it wrote here. */
export async function discardChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, async () => {
    const entry = await ctx.db.outbox.get(seq);
    if (!entry || entry.state === 'inflight') return;
    await endEntry(ctx.db, seq);
    const undo = kindOf(entry.kind).discard?.(entry) ?? null;
    await (undo ? writeMirror(ctx.db, undo) : forgetCreate(ctx.db, entry));
    await writeMirror(ctx.db, serviceValues(entry));
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/**
 * What the service holds of a record whose change is given up: the base it was made over, and what
 * the last read before sending found there (newer), laid over the row.
 */
function serviceValues(entry: OutboxEntry): MirrorWrite[] {
  const { table, twoWriters } = kindOf(entry.kind);
  if (!table || !twoWriters || entry.op !== 'update' || !entry.base) return [];
  return [{ patch: table, key: entry.key, fields: { ...rowFieldsOf(twoWriters, entry.base), ...entry.theirs } }];
}

/**
 * Settles a change held because it meets one made elsewhere (lib/sync/rebase.ts). "Mine": what the
 * service holds now becomes its base, so it is sent over it (a delete goes after all). "Theirs":
 * its conflicting fields are given up and the row shows the service's values (a delete is given
 * up, the record stays); the rest of the change, if any, is sent.
 */
export async function settleConflict(ctx: ActionContext, seq: number, keep: 'mine' | 'theirs'): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    const { table, twoWriters } = entry ? kindOf(entry.kind) : {};
    if (!entry?.conflict || !table || !twoWriters) return;
    const theirs = Object.fromEntries(entry.conflict.map((c) => [c.field, c.theirs]));
    const again: Partial<OutboxEntry> = {
      state: 'pending',
      error: null,
      attempts: 0,
      notBefore: now,
      conflict: undefined,
    };
    if (keep === 'mine') {
      await changeEntry(ctx.db, seq, { ...again, base: { ...entry.base, ...theirs } });
      if (entry.op === 'delete') await writeMirror(ctx.db, [{ remove: table, key: entry.key }]);
    } else {
      const left = Object.fromEntries(
        Object.entries(twoWriters.changes(entry)).filter(([field]) => !(field in theirs)),
      );
      const changesLeft = Object.keys(left).some((field) => !twoWriters.required?.includes(field));
      if (entry.op === 'delete' || !changesLeft) await endEntry(ctx.db, seq);
      // `again` last: a kind's withChanges hands back the whole entry, held state and conflict included.
      else await replaceEntry(ctx.db, { ...entry, ...twoWriters.withChanges(entry, left), ...again } as OutboxEntry);
      if (entry.op === 'update')
        await writeMirror(ctx.db, [{ patch: table, key: entry.key, fields: rowFieldsOf(twoWriters, theirs) }]);
    }
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}

/**
 * Changes what a queued create will send (typically after the service refused it), validated as a
 * new create, with the local record to match, and puts the entry back in the queue.
 */
export async function editQueuedCreate(ctx: ActionContext, seq: number, fields: Fields): Promise<void> {
  await change(ctx, async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    // Once its id is known the create has reached the service: a correction would stay here.
    if (entry?.op !== 'create' || entry.state === 'inflight' || entry.ids[entry.key] !== undefined)
      throw new ApiError({
        kind: 'validation',
        message: words('syncProblem.beingSent'),
        retryable: false,
      });
    const edited = kindOf(entry.kind).edit?.(entry, fields);
    if (!edited)
      throw new ApiError({ kind: 'validation', message: words('syncProblem.notEditable'), retryable: false });
    await writeMirror(ctx.db, edited.writes);
    await refuseTaken(ctx.db, edited.change, entry.key);
    const queued: Queued = entry;
    await replaceEntry(ctx.db, {
      ...queued,
      ...edited.change,
      state: 'pending',
      error: null,
      attempts: 0,
      notBefore: now,
    });
    await refreshSyncState(ctx.db, entry.kind, entry.key);
  });
}
