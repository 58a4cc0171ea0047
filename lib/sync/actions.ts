import { ApiError } from '../api/errors';
import { type UpdateAccountInput, updateAccountInput } from '../api/inputs/account';
import {
  type CreateCampaignInput,
  createCampaignInput,
  type UpdateCampaignInput,
  updateCampaignInput,
} from '../api/inputs/campaigns';
import {
  type CreateChannelInput,
  createChannelInput,
  type UpdateChannelInput,
  updateChannelInput,
} from '../api/inputs/channels';
import {
  type CreateDomainInput,
  createDomainInput,
  type UpdateDomainInput,
  updateDomainInput,
} from '../api/inputs/domains';
import { type CreateLinkInput, createLinkInput, expiryProblem } from '../api/inputs/links';
import { type CreateQrInput, createQrInput } from '../api/inputs/qr';
import type { ChannelItemType } from '../api/schemas/channels';
import { formatDatetime } from '../api/schemas/primitives';
import { validateInput } from '../api/validate-input';
import { newLocalKey } from '../db/keys';
import { channelItemKey, withLinkWords } from '../db/rows';
import type { LinkpilotDb, LinkRow, OutboxEntry } from '../db/schema';
import { enqueue, type MirrorTableName, type NewEntry, refreshSyncState, tableOf } from './outbox';

/**
 * One function per user action. Each validates its input with the API's own schemas, writes the
 * local record and its outbox entry in one transaction, and returns at once; the background
 * worker sends it. Views follow the mirror through live queries, so the change shows instantly.
 */
export interface ActionContext {
  db: LinkpilotDb;
  now?: () => number;
}

type LinkFields = Omit<CreateLinkInput, 'channel' | 'campaign'>;

export interface CreateLinkAction {
  input: LinkFields;
  /** Local keys: the channel or campaign may itself still be waiting to be created. */
  channelKey?: string | null;
  campaignKey?: string | null;
  /** 0 when someone is waiting for the short URL (shorten this page). */
  priority?: 0 | 1;
}

/**
 * Runs an action's writes in one transaction. It spans every table an action may read: the
 * outbox looks up server ids across the mirror, and Dexie refuses tables outside the scope.
 */
async function change(
  ctx: ActionContext,
  _tables: MirrorTableName[],
  work: (now: number) => Promise<void>,
): Promise<void> {
  const now = (ctx.now ?? Date.now)();
  const { db } = ctx;
  // The scope must itself be an async function: Dexie keeps the transaction alive across native
  // awaits only for those (a plain arrow returning a promise commits too early).
  await db.transaction(
    'rw',
    [db.links, db.channels, db.campaigns, db.domains, db.qrCodes, db.account, db.channelItems, db.outbox],
    async () => {
      await work(now);
    },
  );
}

async function queue(ctx: ActionContext, entry: NewEntry, now: number): Promise<void> {
  await enqueue(ctx.db, entry, now);
  await refreshSyncState(ctx.db, entry.entity, entry.key);
}

async function requireRow(ctx: ActionContext, table: MirrorTableName, key: string, what: string): Promise<void> {
  if (!(await ctx.db.table(table).get(key)))
    throw new ApiError({ kind: 'not-found', message: `That ${what} no longer exists here.`, retryable: false });
}

// ── Short links ──────────────────────────────────────────────────────────────

export async function createLink(ctx: ActionContext, action: CreateLinkAction): Promise<string> {
  const input = validateInput(createLinkInput.omit({ channel: true, campaign: true }), action.input) as LinkFields;
  const late = expiryProblem(input.expiry, new Date((ctx.now ?? Date.now)()));
  if (late) throw new ApiError({ kind: 'validation', field: 'expiry', message: `expiry: ${late}`, retryable: false });
  const key = newLocalKey();
  await change(ctx, ['links', 'channels', 'campaigns', 'channelItems'], async (now) => {
    if (action.channelKey) await requireRow(ctx, 'channels', action.channelKey, 'channel');
    if (action.campaignKey) await requireRow(ctx, 'campaigns', action.campaignKey, 'campaign');
    const row: LinkRow = withLinkWords({
      key,
      id: null,
      sync: 'pending',
      pulledAt: 0,
      alias: input.custom ?? '',
      shorturl: '',
      longurl: input.url,
      longurlKey: '',
      clicks: 0,
      title: input.metatitle ?? titleOf(input.url),
      description: input.description ?? '',
      date: formatDatetime(new Date(now)),
      campaignKey: action.campaignKey ?? null,
      domain: input.domain ?? '',
      status: input.status ?? null,
      input,
      words: [],
    });
    await ctx.db.links.add(row);
    if (action.channelKey) {
      await ctx.db.channelItems.put({
        key: channelItemKey(action.channelKey, 'links', key, null),
        channelKey: action.channelKey,
        type: 'links',
        itemKey: key,
        itemId: null,
        title: row.title,
        preview: row.longurl,
        link: '',
        date: row.date.slice(0, 10),
        sync: 'pending',
      });
    }
    const deps = [action.channelKey, action.campaignKey].filter((k): k is string => Boolean(k));
    await queue(
      ctx,
      {
        entity: 'link',
        op: 'create',
        key,
        payload: { input, channelKey: action.channelKey ?? null, campaignKey: action.campaignKey ?? null },
        deps,
        priority: action.priority ?? 1,
      },
      now,
    );
  });
  return key;
}

/** Edits a link that has not reached the service yet (the API has no link update). */
export async function editPendingLink(ctx: ActionContext, key: string, patch: Partial<LinkFields>): Promise<void> {
  const row = await ctx.db.links.get(key);
  if (!row?.input || row.id !== null)
    throw new ApiError({
      kind: 'validation',
      message: 'Only links that are not on the service yet can be edited.',
      retryable: false,
    });
  const input = validateInput(createLinkInput.omit({ channel: true, campaign: true }), {
    ...row.input,
    ...patch,
  }) as LinkFields;
  await change(ctx, ['links'], async (now) => {
    await ctx.db.links.put(
      withLinkWords({
        ...row,
        input,
        alias: input.custom ?? '',
        longurl: input.url,
        title: input.metatitle ?? titleOf(input.url),
        description: input.description ?? '',
      }),
    );
    await queue(ctx, { entity: 'link', op: 'update', key, payload: { input } }, now);
  });
}

function titleOf(url: string): string {
  try {
    const u = new URL(url);
    return u.hostname + (u.pathname === '/' ? '' : u.pathname);
  } catch {
    return url;
  }
}

// ── Channels ─────────────────────────────────────────────────────────────────

export async function createChannel(ctx: ActionContext, fields: CreateChannelInput): Promise<string> {
  const input = validateInput(createChannelInput, fields);
  const key = newLocalKey();
  await change(ctx, ['channels'], async (now) => {
    await ctx.db.channels.add({
      key,
      id: null,
      sync: 'pending',
      pulledAt: 0,
      name: input.name,
      description: input.description ?? '',
      color: input.color?.toLowerCase() ?? null,
      starred: input.starred ?? false,
    });
    await queue(ctx, { entity: 'channel', op: 'create', key, payload: input }, now);
  });
  return key;
}

export async function updateChannel(ctx: ActionContext, key: string, fields: UpdateChannelInput): Promise<void> {
  const patch = validateInput(updateChannelInput, fields);
  await change(ctx, ['channels'], async (now) => {
    await requireRow(ctx, 'channels', key, 'channel');
    await ctx.db.channels.update(key, { ...patch, ...(patch.color ? { color: patch.color.toLowerCase() } : {}) });
    await queue(ctx, { entity: 'channel', op: 'update', key, payload: patch }, now);
  });
}

export async function deleteChannel(ctx: ActionContext, key: string): Promise<void> {
  await deleteRecord(ctx, 'channel', key, async () => {
    // The service unassigns the channel's items; the mirror does the same at once.
    await ctx.db.channelItems.where('channelKey').equals(key).delete();
  });
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
  const type: ChannelItemType = item.type;
  await change(ctx, ['channels', 'channelItems', 'links', 'qrCodes'], async (now) => {
    await requireRow(ctx, 'channels', channelKey, 'channel');
    let title = '';
    let link = '';
    let preview = '';
    if (item.type !== 'bio') {
      const row = item.type === 'links' ? await ctx.db.links.get(item.key) : await ctx.db.qrCodes.get(item.key);
      if (!row)
        throw new ApiError({ kind: 'not-found', message: 'That item no longer exists here.', retryable: false });
      title = 'title' in row ? row.title : row.name;
      link = 'shorturl' in row ? row.shorturl : row.link;
      preview = 'longurl' in row ? row.longurl : '';
    } else title = item.title ?? '';
    const itemKey = item.type === 'bio' ? null : item.key;
    const itemId = item.type === 'bio' ? item.id : null;
    await ctx.db.channelItems.put({
      key: channelItemKey(channelKey, type, itemKey, itemId),
      channelKey,
      type,
      itemKey,
      itemId,
      title,
      preview,
      link,
      date: formatDatetime(new Date(now)).slice(0, 10),
      sync: 'pending',
    });
    const key = itemKey ?? `bio:${itemId}`;
    await enqueue(
      ctx.db,
      {
        entity: item.type === 'qr' ? 'qr' : 'link',
        op: 'assign-channel',
        key,
        payload: { channelKey, type, itemId },
        deps: itemKey ? [channelKey, itemKey] : [channelKey],
      },
      now,
    );
  });
}

// ── Campaigns ────────────────────────────────────────────────────────────────

export async function createCampaign(ctx: ActionContext, fields: CreateCampaignInput): Promise<string> {
  const input = validateInput(createCampaignInput, fields);
  const key = newLocalKey();
  await change(ctx, ['campaigns'], async (now) => {
    await ctx.db.campaigns.add({
      key,
      id: null,
      sync: 'pending',
      pulledAt: 0,
      name: input.name ?? 'New campaign',
      slug: input.slug ?? null,
      public: input.public ?? false,
      rotator: null,
      list: '',
    });
    await queue(ctx, { entity: 'campaign', op: 'create', key, payload: input }, now);
  });
  return key;
}

export async function updateCampaign(ctx: ActionContext, key: string, fields: UpdateCampaignInput): Promise<void> {
  const patch = validateInput(updateCampaignInput, fields);
  await change(ctx, ['campaigns'], async (now) => {
    await requireRow(ctx, 'campaigns', key, 'campaign');
    await ctx.db.campaigns.update(key, {
      name: patch.name,
      ...(patch.slug !== undefined ? { slug: patch.slug } : {}),
      ...(patch.public !== undefined ? { public: patch.public } : {}),
    });
    await queue(ctx, { entity: 'campaign', op: 'update', key, payload: patch }, now);
  });
}

export async function deleteCampaign(ctx: ActionContext, key: string): Promise<void> {
  await deleteRecord(ctx, 'campaign', key, async () => {
    await ctx.db.links.where('campaignKey').equals(key).modify({ campaignKey: null });
  });
}

export async function assignToCampaign(ctx: ActionContext, campaignKey: string, linkKey: string): Promise<void> {
  await change(ctx, ['campaigns', 'links'], async (now) => {
    await requireRow(ctx, 'campaigns', campaignKey, 'campaign');
    await requireRow(ctx, 'links', linkKey, 'link');
    await ctx.db.links.update(linkKey, { campaignKey });
    await enqueue(
      ctx.db,
      { entity: 'link', op: 'assign-campaign', key: linkKey, payload: { campaignKey }, deps: [campaignKey, linkKey] },
      now,
    );
    await refreshSyncState(ctx.db, 'link', linkKey);
  });
}

// ── Branded domains ──────────────────────────────────────────────────────────

export async function createDomain(ctx: ActionContext, fields: CreateDomainInput): Promise<string> {
  const input = validateInput(createDomainInput, fields);
  const key = newLocalKey();
  await change(ctx, ['domains'], async (now) => {
    await ctx.db.domains.add({
      key,
      id: null,
      sync: 'pending',
      pulledAt: 0,
      domain: input.domain.replace(/\/$/, ''),
      redirectroot: input.redirectroot ?? '',
      redirect404: input.redirect404 ?? '',
    });
    await queue(ctx, { entity: 'domain', op: 'create', key, payload: input }, now);
  });
  return key;
}

export async function updateDomain(ctx: ActionContext, key: string, fields: UpdateDomainInput): Promise<void> {
  const patch = validateInput(updateDomainInput, fields);
  await change(ctx, ['domains'], async (now) => {
    await requireRow(ctx, 'domains', key, 'domain');
    await ctx.db.domains.update(key, patch);
    await queue(ctx, { entity: 'domain', op: 'update', key, payload: patch }, now);
  });
}

export async function deleteDomain(ctx: ActionContext, key: string): Promise<void> {
  await deleteRecord(ctx, 'domain', key, async () => undefined);
}

// ── QR codes ─────────────────────────────────────────────────────────────────

export async function createQrCode(ctx: ActionContext, fields: CreateQrInput): Promise<string> {
  const input = validateInput(createQrInput, fields) as CreateQrInput;
  const key = newLocalKey();
  await change(ctx, ['qrCodes'], async (now) => {
    await ctx.db.qrCodes.add({
      key,
      id: null,
      sync: 'pending',
      pulledAt: 0,
      link: '',
      scans: 0,
      name: input.name ?? '',
      date: formatDatetime(new Date(now)),
      input,
    });
    await queue(ctx, { entity: 'qr', op: 'create', key, payload: { input } }, now);
  });
  return key;
}

// ── Account ──────────────────────────────────────────────────────────────────

/**
 * Queues an e-mail and/or password change. The password waits in the outbox (extension storage,
 * like the API key) only until it is sent; it is never shown or written to the mirror.
 */
export async function updateAccount(ctx: ActionContext, fields: UpdateAccountInput): Promise<void> {
  const patch = validateInput(updateAccountInput, fields);
  await change(ctx, ['account'], async (now) => {
    if (patch.email) await ctx.db.account.update('me', { pendingEmail: patch.email });
    await enqueue(ctx.db, { entity: 'account', op: 'update', key: 'me', payload: patch }, now);
  });
}

// ── Shared ───────────────────────────────────────────────────────────────────

async function deleteRecord(
  ctx: ActionContext,
  entity: 'channel' | 'campaign' | 'domain',
  key: string,
  alsoLocally: () => Promise<void>,
): Promise<void> {
  const table = tableOf[entity];
  await change(ctx, [table, 'links', 'channelItems'], async (now) => {
    const row = await ctx.db.table<{ id: number | null }>(table).get(key);
    if (!row) return;
    // Enqueued before the row goes, so the entry picks up the record's server id.
    await enqueue(ctx.db, { entity, op: 'delete', key, payload: {} }, now);
    await ctx.db.table(table).delete(key);
    await alsoLocally();
  });
}

/** Sends a refused change again as it is (after the cause was fixed elsewhere). */
export async function retryChange(ctx: ActionContext, seq: number): Promise<void> {
  await change(ctx, [], async (now) => {
    const entry = await ctx.db.outbox.get(seq);
    if (entry?.state !== 'failed') return;
    await ctx.db.outbox.update(seq, { state: 'pending', error: null, attempts: 0, notBefore: now });
  });
  const entry = await ctx.db.outbox.get(seq);
  if (entry) await refreshAfter(ctx, entry);
}

/**
 * Gives up a queued change. Discarding a create also removes the local record it would have made,
 * so nothing is left pretending to be on the service.
 */
export async function discardChange(ctx: ActionContext, seq: number): Promise<void> {
  const entry = await ctx.db.outbox.get(seq);
  if (!entry || entry.state === 'inflight') return;
  await change(ctx, ['links', 'channels', 'campaigns', 'domains', 'qrCodes', 'channelItems', 'account'], async () => {
    await ctx.db.outbox.delete(seq);
    if (entry.op === 'create') {
      await ctx.db.outbox.where('key').equals(entry.key).delete();
      await ctx.db.table(tableOf[entry.entity]).delete(entry.key);
      await ctx.db.channelItems.where('itemKey').equals(entry.key).delete();
    } else if (entry.op === 'assign-channel') {
      const type = String(entry.payload.type);
      const itemKey = entry.key.startsWith('bio:') ? null : entry.key;
      await ctx.db.channelItems.delete(
        channelItemKey(
          String(entry.payload.channelKey),
          type,
          itemKey,
          (entry.payload.itemId as number | null) ?? null,
        ),
      );
    } else if (entry.entity === 'account') {
      await ctx.db.account.update('me', { pendingEmail: null });
    }
  });
  await refreshAfter(ctx, entry);
}

async function refreshAfter(ctx: ActionContext, entry: OutboxEntry): Promise<void> {
  if (entry.entity !== 'account' && !entry.key.startsWith('bio:')) {
    await ctx.db.transaction('rw', [ctx.db.table(tableOf[entry.entity]), ctx.db.outbox], async () => {
      await refreshSyncState(ctx.db, entry.entity, entry.key);
    });
  }
}

/**
 * Changes what a queued create will send (typically after the service refused it), validates it
 * as a new create, updates the local record to match, and puts the entry back in the queue.
 */
export async function editQueuedCreate(
  ctx: ActionContext,
  seq: number,
  fields: Record<string, unknown>,
): Promise<void> {
  const entry = await ctx.db.outbox.get(seq);
  if (entry?.op !== 'create' || entry.state === 'inflight') {
    throw new ApiError({
      kind: 'validation',
      message: 'This change is being sent and cannot be edited now.',
      retryable: false,
    });
  }
  if (entry.entity === 'link') {
    return editPendingLink(ctx, entry.key, fields as Partial<LinkFields>);
  }
  const schemas = {
    channel: createChannelInput,
    campaign: createCampaignInput,
    domain: createDomainInput,
    qr: createQrInput,
  } as const;
  const schema = schemas[entry.entity as keyof typeof schemas];
  if (!schema) throw new ApiError({ kind: 'validation', message: 'This change cannot be edited.', retryable: false });
  const current = entry.entity === 'qr' ? (entry.payload.input as Record<string, unknown>) : entry.payload;
  const next = validateInput(schema, { ...current, ...fields }) as Record<string, unknown>;
  await change(ctx, [], async (now) => {
    await ctx.db.outbox.update(seq, {
      payload: entry.entity === 'qr' ? { input: next } : next,
      state: 'pending',
      error: null,
      attempts: 0,
      notBefore: now,
    });
    const local: Record<string, unknown> =
      entry.entity === 'domain'
        ? {
            domain: String(next.domain).replace(/\/$/, ''),
            redirectroot: next.redirectroot ?? '',
            redirect404: next.redirect404 ?? '',
          }
        : entry.entity === 'qr'
          ? { name: next.name ?? '', input: next }
          : entry.entity === 'campaign'
            ? { name: next.name ?? 'New campaign', slug: next.slug ?? null, public: next.public ?? false }
            : {
                name: next.name,
                description: next.description ?? '',
                color: typeof next.color === 'string' ? next.color.toLowerCase() : null,
                starred: next.starred ?? false,
              };
    await ctx.db.table(tableOf[entry.entity]).update(entry.key, local);
    await refreshSyncState(ctx.db, entry.entity, entry.key);
  });
}
