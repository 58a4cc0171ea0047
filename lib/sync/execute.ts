import type { ApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { CreateCampaignInput, UpdateCampaignInput } from '../api/inputs/campaigns';
import type { CreateChannelInput, UpdateChannelInput } from '../api/inputs/channels';
import type { CreateDomainInput, UpdateDomainInput } from '../api/inputs/domains';
import type { CreateLinkInput } from '../api/inputs/links';
import type { CreateQrInput } from '../api/inputs/qr';
import type { Campaign } from '../api/schemas/campaigns';
import type { ChannelItemType } from '../api/schemas/channels';
import { aliasOf, originOf, withLinkWords } from '../db/rows';
import type { LinkpilotDb, OutboxEntry } from '../db/schema';
import { type Found, findCreated } from './lookup';
import { recordServerId } from './outbox';

/** The local keys whose server ids an entry needs before it can be sent. */
export function neededKeys(entry: OutboxEntry): string[] {
  if (entry.entity === 'account') return [];
  if (entry.op === 'create') return entry.deps;
  return [...new Set([...(entry.key.startsWith('bio:') ? [] : [entry.key]), ...entry.deps])];
}

export function isReady(entry: OutboxEntry): boolean {
  return neededKeys(entry).every((k) => entry.ids[k] !== undefined);
}

function idFor(entry: OutboxEntry, key: string | null | undefined): number | undefined {
  return key ? entry.ids[key] : undefined;
}

/**
 * Sends one outbox entry and writes the service's answer into the mirror. Throws ApiError on
 * failure; the engine decides between retrying, waiting and marking the entry failed.
 */
export interface Executed {
  /** A create found made more than once on the service; one copy was adopted. */
  madeTwice: boolean;
}

export async function execute(db: LinkpilotDb, api: ApiClient, entry: OutboxEntry): Promise<Executed> {
  if (entry.op === 'create') return executeCreate(db, api, entry);
  await executeChange(db, api, entry);
  return { madeTwice: false };
}

async function executeChange(db: LinkpilotDb, api: ApiClient, entry: OutboxEntry): Promise<void> {
  const id = entry.ids[entry.key];
  switch (entry.op) {
    case 'update':
      return executeUpdate(db, api, entry, id);
    case 'delete': {
      try {
        if (entry.entity === 'channel') await api.deleteChannel(id!);
        else if (entry.entity === 'campaign') await api.deleteCampaign(id!);
        else if (entry.entity === 'domain') await api.deleteDomain(id!);
        else throw permanent('The service offers no way to delete this kind of record.');
      } catch (error) {
        // Already gone (deleted elsewhere, or by our earlier send whose answer was lost): done.
        if (!(error instanceof ApiError && error.kind === 'not-found')) throw error;
      }
      return;
    }
    case 'assign-channel': {
      const channelId = idFor(entry, entry.payload.channelKey as string)!;
      const type = entry.payload.type as ChannelItemType;
      const itemId = (entry.payload.itemId as number | null) ?? id!;
      await api.assignToChannel(channelId, type, itemId);
      await db.channelItems
        .where('channelKey')
        .equals(entry.payload.channelKey as string)
        .filter((i) => i.type === type && (i.itemKey === entry.key || i.itemId === itemId))
        .modify({ sync: 'synced', itemId });
      return;
    }
    case 'assign-campaign':
      await api.assignToCampaign(idFor(entry, entry.payload.campaignKey as string)!, id!);
      return;
  }
}

async function executeCreate(db: LinkpilotDb, api: ApiClient, entry: OutboxEntry): Promise<Executed> {
  // The service's id reaches this entry in the transaction that records it on the row: a worker
  // stopped after that, before the entry was closed, has made the record. Looking for it would
  // skip it as "already mirrored here" (it is, under this very key) and make it a second time.
  const made = entry.ids[entry.key];
  if (made !== undefined) {
    await finishMade(db, api, entry, made);
    return { madeTwice: false };
  }
  // A create that may already have happened is looked for before it is sent again.
  const existing = entry.ambiguous ? await findCreated(db, api, entry) : null;
  try {
    await createOrAdopt(db, api, entry, existing);
    return { madeTwice: (existing?.copies ?? 0) > 0 };
  } catch (error) {
    // Refused as taken (alias, slug, domain): most likely our own send, either an earlier one the
    // service finished after the look-up, or this very request sent twice: browsers resend a POST
    // by themselves when a reused connection drops before the answer. Look once more.
    if (existing !== null || !(error instanceof ApiError) || error.kind !== 'validation') throw error;
    const found = await findCreated(db, api, entry).catch((lookupError: unknown) => {
      // A look-up that may work later is worth waiting for; one that cannot leaves the refusal.
      throw lookupError instanceof ApiError && lookupError.retryable ? lookupError : error;
    });
    if (!found) throw error;
    await createOrAdopt(db, api, entry, found);
    return { madeTwice: (found.copies ?? 0) > 0 };
  }
}

async function createOrAdopt(
  db: LinkpilotDb,
  api: ApiClient,
  entry: OutboxEntry,
  existing: Found | null,
): Promise<void> {
  switch (entry.entity) {
    case 'link': {
      const input = entry.payload.input as CreateLinkInput;
      const body: CreateLinkInput = { ...input };
      const channel = idFor(entry, entry.payload.channelKey as string | null);
      const campaign = idFor(entry, entry.payload.campaignKey as string | null);
      if (channel !== undefined) body.channel = channel;
      if (campaign !== undefined) body.campaign = campaign;
      const created = existing !== null ? { id: existing.id, shorturl: existing.url } : await api.createLink(body);
      // The id is kept before anything else is asked: a failure after this must not make it again.
      await recordLink(db, entry.key, created.id, created.shorturl);
      if (!created.shorturl)
        await recordLink(db, entry.key, created.id, (await api.getLink(created.id)).details.shorturl);
      return;
    }
    case 'channel': {
      const id = existing?.id ?? (await api.createChannel(entry.payload as CreateChannelInput)).id;
      await adoptId(db, 'channels', entry.key, id, {});
      // A found record may be the first send, made before edits were folded into this create.
      const edits = unsent(existing, entry.payload);
      if (edits) await api.updateChannel(id, edits as UpdateChannelInput);
      return;
    }
    case 'campaign': {
      let id = existing?.id ?? null;
      let extra: Partial<Campaign> = {};
      if (id === null) {
        const created = await api.createCampaign(entry.payload as CreateCampaignInput);
        id = created.id;
        extra = { rotator: created.rotator, list: created.list };
      }
      await adoptId(db, 'campaigns', entry.key, id, extra);
      const payload = entry.payload as CreateCampaignInput;
      // The listing names the campaign `name` (or `domain`) and gives no slug: compare what it shows.
      const edits = unsent(existing, { name: payload.name, public: payload.public });
      if (edits) {
        const updated = await api.updateCampaign(id, { ...payload, ...edits } as UpdateCampaignInput);
        await db.campaigns.update(entry.key, { rotator: updated.rotator, list: updated.list });
      }
      return;
    }
    case 'domain': {
      const id = existing?.id ?? (await api.createDomain(entry.payload as CreateDomainInput)).id;
      await adoptId(db, 'domains', entry.key, id, {});
      const { redirectroot, redirect404 } = entry.payload as CreateDomainInput;
      const edits = unsent(existing, { redirectroot, redirect404 });
      if (edits) await api.updateDomain(id, edits as UpdateDomainInput);
      return;
    }
    case 'qr': {
      const created =
        existing !== null
          ? { id: existing.id, link: existing.url }
          : await api.createQrCode(entry.payload.input as CreateQrInput);
      await adoptId(db, 'qrCodes', entry.key, created.id, { link: created.link ?? '' });
      if (!created.link) await db.qrCodes.update(entry.key, { link: (await api.getQrCode(created.id)).qr.link });
      return;
    }
    default:
      throw permanent('This kind of record cannot be created.');
  }
}

/**
 * A create made before the worker stopped: edits folded into it may not have followed the first
 * send yet, so they are sent as an update (the same values again are harmless).
 */
async function finishMade(db: LinkpilotDb, api: ApiClient, entry: OutboxEntry, id: number): Promise<void> {
  switch (entry.entity) {
    case 'link': {
      // Stopped before the short URL was known: ask for it, never for a second link.
      if (!(await db.links.get(entry.key))?.shorturl)
        await recordLink(db, entry.key, id, (await api.getLink(id)).details.shorturl);
      return;
    }
    case 'qr': {
      if (!(await db.qrCodes.get(entry.key))?.link)
        await db.qrCodes.update(entry.key, { link: (await api.getQrCode(id)).qr.link });
      return;
    }
    case 'channel': {
      const { name, description, color, starred } = entry.payload as CreateChannelInput;
      await api.updateChannel(id, { name, description, color, starred });
      return;
    }
    case 'campaign': {
      const { name, slug, public: isPublic } = entry.payload as CreateCampaignInput;
      // The API wants a name on every update; a campaign created without one has nothing to follow.
      if (name !== undefined) await api.updateCampaign(id, { name, slug, public: isPublic });
      return;
    }
    case 'domain': {
      const { redirectroot, redirect404 } = entry.payload as CreateDomainInput;
      if (redirectroot !== undefined || redirect404 !== undefined)
        await api.updateDomain(id, { redirectroot, redirect404 } as UpdateDomainInput);
      return;
    }
    default:
      return;
  }
}

/** Writes a created link's id (and short URL, once known) into its row, its channel items and the outbox. */
async function recordLink(db: LinkpilotDb, key: string, id: number, shorturl: string | null): Promise<void> {
  await db.transaction('rw', [db.links, db.outbox, db.channelItems], async () => {
    const row = await db.links.get(key);
    if (row) {
      const url = shorturl ?? row.shorturl;
      await db.links.put(
        withLinkWords({
          ...row,
          id,
          shorturl: url,
          alias: aliasOf(url) || row.alias,
          domain: row.domain || originOf(url),
        }),
      );
    }
    await db.channelItems
      .where('itemKey')
      .equals(key)
      .modify({ itemId: id, ...(shorturl ? { link: shorturl } : {}), sync: 'synced' });
    await recordServerId(db, key, id);
  });
}

/** The sent fields the found record does not show; null when there is nothing to send. */
function unsent(existing: Found | null, fields: Record<string, unknown>): Record<string, unknown> | null {
  if (!existing?.record) return null;
  const record = existing.record;
  const differing = Object.entries(fields).filter(([name, value]) => value !== undefined && record[name] !== value);
  return differing.length > 0 ? Object.fromEntries(differing) : null;
}

async function adoptId(
  db: LinkpilotDb,
  table: 'channels' | 'campaigns' | 'domains' | 'qrCodes',
  key: string,
  id: number,
  extra: object,
): Promise<void> {
  await db.transaction('rw', [db.table(table), db.outbox], async () => {
    await db.table(table).update(key, { id, ...extra });
    await recordServerId(db, key, id);
  });
}

async function executeUpdate(
  db: LinkpilotDb,
  api: ApiClient,
  entry: OutboxEntry,
  id: number | undefined,
): Promise<void> {
  switch (entry.entity) {
    case 'channel':
      await api.updateChannel(id!, entry.payload as UpdateChannelInput);
      return;
    case 'campaign': {
      const updated = await api.updateCampaign(id!, entry.payload as UpdateCampaignInput);
      await db.campaigns.update(entry.key, { rotator: updated.rotator, list: updated.list });
      return;
    }
    case 'domain':
      await api.updateDomain(id!, entry.payload as UpdateDomainInput);
      return;
    case 'account': {
      await api.updateAccount(entry.payload as { email?: string; password?: string });
      const email = entry.payload.email as string | undefined;
      await db.account.update('me', email ? { email, pendingEmail: null } : { pendingEmail: null });
      return;
    }
    default:
      throw permanent('The service offers no way to change this record after it was created.');
  }
}

function permanent(message: string): ApiError {
  return new ApiError({ kind: 'validation', message, retryable: false });
}
