import type { Table } from 'dexie';
import type { ApiClient } from '../api/client';
import type { Page } from '../api/schemas/envelope';
import { madeHere } from '../db/keys';
import { campaignRow, channelItemRow, channelRow, domainRow, linkRow, qrRow } from '../db/rows';
import type { LinkpilotDb, Mirrored, OutboxEntry } from '../db/schema';
import { awaitsLookup } from './lookup';
import { mergePatch, pendingEntry, tableOf } from './outbox';
import { looksLikeTwin, MAX_ID_GAP, provenTwin, twinProne } from './twins';

/**
 * Refreshing the mirror, one page per step so the engine can serve the outbox (and the user)
 * between pages and a stopped worker resumes where it was. Pending local changes stay on top:
 * records deleted here are not brought back, and queued edits are laid over the pulled values.
 */
export const COLLECTIONS = [
  'account',
  'channels',
  'campaigns',
  'domains',
  'overlays',
  'splash',
  'qrs',
  'links',
  'channelItems',
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export interface PullCursor {
  collection: Collection;
  page: number;
  startedAt: number;
  /** For channel items: the channels still to walk (server ids). */
  channelQueue?: number[];
}

export interface PullStatus {
  lastPull: number | null;
  /** Pages done and, once known, the page count of the walk under way. */
  page: number;
  maxpage: number | null;
}

export const PULL_CURSOR_KEY = 'pull:cursor';
export const pullStatusKey = (c: Collection) => `pull:${c}`;

/** Starts a full pull of every collection (or continues the one under way). */
export async function requestPull(db: LinkpilotDb, now: number): Promise<void> {
  const cursor = await db.meta.get(PULL_CURSOR_KEY);
  if (!cursor?.value)
    await db.meta.put({
      key: PULL_CURSOR_KEY,
      value: { collection: COLLECTIONS[0], page: 1, startedAt: now } satisfies PullCursor,
    });
}

export async function pullInProgress(db: LinkpilotDb): Promise<boolean> {
  return Boolean((await db.meta.get(PULL_CURSOR_KEY))?.value);
}

/** Does one request's worth of pulling. Returns false when nothing is left to pull. */
export async function pullStep(db: LinkpilotDb, api: ApiClient, now: () => number): Promise<boolean> {
  const cursor = (await db.meta.get(PULL_CURSOR_KEY))?.value as PullCursor | undefined;
  if (!cursor) return false;
  const next = await pullPage(db, api, cursor, now);
  await db.meta.put({ key: PULL_CURSOR_KEY, value: next });
  return next !== null;
}

async function pullPage(
  db: LinkpilotDb,
  api: ApiClient,
  cursor: PullCursor,
  now: () => number,
): Promise<PullCursor | null> {
  const { collection, page, startedAt } = cursor;
  const at = now();
  const advance = async (
    result: { maxpage: number; received: number; perpage: number } | null,
  ): Promise<PullCursor | null> => {
    const more = result !== null && result.received > 0 && page < result.maxpage && result.received >= result.perpage;
    await db.meta.put({
      key: pullStatusKey(collection),
      value: { lastPull: more ? null : at, page, maxpage: result?.maxpage ?? 1 } satisfies PullStatus,
    });
    if (more) return { ...cursor, page: page + 1 };
    if (
      collection !== 'account' &&
      collection !== 'channelItems' &&
      collection !== 'overlays' &&
      collection !== 'splash'
    ) {
      await removeUnseen(db, collection, startedAt);
    }
    const index = COLLECTIONS.indexOf(collection);
    const following = COLLECTIONS[index + 1];
    if (!following) return null;
    return { collection: following, page: 1, startedAt };
  };
  const shape = <T>(p: Page<T>) => ({
    maxpage: p.maxpage,
    received: p.items.length + p.rejected.length,
    perpage: p.perpage,
  });
  const limit = 1000;

  switch (collection) {
    case 'account': {
      const account = await api.getAccount();
      const existing = await db.account.get('me');
      await db.account.put({ ...account, key: 'me', pendingEmail: existing?.pendingEmail ?? null });
      return advance(null);
    }
    case 'overlays':
    case 'splash': {
      const p =
        collection === 'overlays'
          ? await api.listOverlays({ page, limit })
          : await api.listSplashPages({ page, limit });
      const table = collection === 'overlays' ? db.overlays : db.splashPages;
      // Listed only, never changed here: each pull replaces them.
      await db.transaction('rw', table, async () => {
        if (page === 1) await table.clear();
        await table.bulkPut(p.items as never[]);
      });
      return advance(shape(p));
    }
    case 'channels':
      return advance(
        shape(
          await mergePage(db, 'channel', api.listChannels({ page, limit }), (item, existing) =>
            channelRow(item, existing as never, at),
          ),
        ),
      );
    case 'campaigns':
      return advance(
        shape(
          await mergePage(db, 'campaign', api.listCampaigns({ page, limit }), (item, existing) =>
            campaignRow(item, existing as never, at),
          ),
        ),
      );
    case 'domains':
      return advance(
        shape(
          await mergePage(db, 'domain', api.listDomains({ page, limit }), (item, existing) =>
            domainRow(item, existing as never, at),
          ),
        ),
      );
    case 'qrs':
      return advance(
        shape(
          await mergePage(db, 'qr', api.listQrCodes({ page, limit }), (item, existing) =>
            qrRow(item, existing as never, at),
          ),
        ),
      );
    case 'links':
      return advance(
        shape(
          await mergePage(db, 'link', api.listLinks({ page, limit, order: 'date' }), (item, existing) =>
            linkRow(item, existing as never, at),
          ),
        ),
      );
    case 'channelItems':
      return pullChannelItems(db, api, cursor, at);
  }
}

/** Channel items are walked channel by channel; this device's pending assignments are kept. */
async function pullChannelItems(
  db: LinkpilotDb,
  api: ApiClient,
  cursor: PullCursor,
  at: number,
): Promise<PullCursor | null> {
  const queue =
    cursor.channelQueue ?? (await db.channels.toArray()).map((c) => c.id).filter((id): id is number => id !== null);
  const channelId = queue[0];
  if (channelId === undefined) {
    await db.meta.put({
      key: pullStatusKey('channelItems'),
      value: { lastPull: at, page: 0, maxpage: 0 } satisfies PullStatus,
    });
    return null;
  }
  const channel = await db.channels.where('id').equals(channelId).first();
  let more = false;
  try {
    const p = await api.listChannelItems(channelId, { page: cursor.page, limit: 1000 });
    if (channel) {
      await db.transaction('rw', [db.channelItems, db.links, db.qrCodes], async () => {
        if (cursor.page === 1)
          await db.channelItems
            .where('channelKey')
            .equals(channel.key)
            .filter((i) => i.sync === 'synced')
            .delete();
        for (const item of p.items) {
          const local =
            item.type === 'links'
              ? await db.links.where('id').equals(item.id).first()
              : item.type === 'qr'
                ? await db.qrCodes.where('id').equals(item.id).first()
                : undefined;
          await db.channelItems.put(channelItemRow(channel.key, item, local?.key ?? null));
        }
      });
    }
    more = p.items.length + p.rejected.length >= p.perpage && cursor.page < p.maxpage && p.items.length > 0;
  } catch (error) {
    // A channel deleted elsewhere since the channel list was read: skip it.
    if (!(error instanceof Error && 'kind' in error && error.kind === 'not-found')) throw error;
  }
  if (more) return { ...cursor, page: cursor.page + 1, channelQueue: queue };
  return { ...cursor, page: 1, channelQueue: queue.slice(1) };
}

type Named = 'link' | 'channel' | 'campaign' | 'domain' | 'qr';

async function mergePage<T extends { id: number }>(
  db: LinkpilotDb,
  entity: Named,
  request: Promise<Page<T>>,
  toRow: (item: T, existing: Mirrored | undefined) => Mirrored,
): Promise<Page<T>> {
  const page = await request;
  await merge(db, entity, page.items, toRow);
  return page;
}

/** Upserts pulled records by server id, laying queued local edits over them. */
async function merge<T extends { id: number }>(
  db: LinkpilotDb,
  entity: Named,
  items: T[],
  toRow: (item: T, existing: Mirrored | undefined) => Mirrored,
): Promise<void> {
  const table = db.table<Mirrored, string>(tableOf[entity]);
  await db.transaction('rw', [table, db.outbox], async () => {
    const pending = await db.outbox.toArray();
    const deletedIds = new Set(
      pending.filter((e) => e.entity === entity && e.op === 'delete').map((e) => e.ids[e.key]),
    );
    const existing = new Map(
      (
        await table
          .where('id')
          .anyOf(items.map((i) => i.id))
          .toArray()
      ).map((r) => [r.id, r]),
    );
    const created = twinProne(entity)
      ? await createdHereNear(
          table,
          items.filter((i) => existing.get(i.id)?.twinOf !== undefined || !existing.has(i.id)),
        )
      : [];
    const rows: Mirrored[] = [];
    for (const item of items) {
      if (deletedIds.has(item.id)) continue;
      const before = existing.get(item.id);
      if (!before && awaitsLookup(pending, entity, item as Record<string, unknown>)) continue;
      let row = toRow(item, before);
      const edits = before ? pendingEdits(pending, entity, before.key) : null;
      if (edits) row = { ...row, ...edits } as Mirrored;
      // A copy comes into being with our create, so a record mirrored before it was made is none.
      if (twinProne(entity) && !madeHere(row.key) && (!before || before.twinOf !== undefined)) {
        const near = created.filter((r) => r.id !== null && Math.abs(r.id - item.id) <= MAX_ID_GAP);
        const pulled = row as Mirrored & Record<string, unknown>;
        if (!before && near.some((mine) => provenTwin(entity, pulled, mine))) {
          // Queued as it is: the copy is never mirrored, so `enqueue` could not find its id.
          await db.outbox.add(
            pendingEntry(
              { entity, op: 'delete', key: pulled.key, payload: { name: pulled.name, resentCopy: true } },
              { [pulled.key]: item.id },
              pulled.pulledAt,
            ),
          );
          continue;
        }
        const mine = near.find((r) => looksLikeTwin(entity, pulled, r));
        row = { ...row, twinOf: mine?.key };
        if (!mine) delete row.twinOf;
      }
      rows.push(row);
    }
    await table.bulkPut(rows);
  });
}

/**
 * Records created here whose ids lie around those of these pulled ones: the only rows a copy can
 * be a twin of. One range read per page; on a first mirror the range holds nothing yet.
 */
async function createdHereNear(
  table: Table<Mirrored, string>,
  items: { id: number }[],
): Promise<(Mirrored & Record<string, unknown>)[]> {
  if (items.length === 0) return [];
  const ids = items.map((i) => i.id);
  const low = Math.min(...ids) - MAX_ID_GAP;
  const high = Math.max(...ids) + MAX_ID_GAP;
  return (await table
    .where('id')
    .between(low, high, true, true)
    .filter((r) => madeHere(r.key))
    .toArray()) as (Mirrored & Record<string, unknown>)[];
}

function pendingEdits(pending: OutboxEntry[], entity: Named, key: string): Record<string, unknown> | null {
  const updates = pending.filter((e) => e.entity === entity && e.key === key && e.op === 'update');
  if (updates.length === 0) return null;
  return updates.reduce<Record<string, unknown>>((acc, e) => mergePatch(acc, e.payload), {});
}

/** After a complete walk: synced records the service no longer has were deleted elsewhere. */
async function removeUnseen(db: LinkpilotDb, collection: Collection, startedAt: number): Promise<void> {
  const entities: Partial<Record<Collection, Named>> = {
    channels: 'channel',
    campaigns: 'campaign',
    domains: 'domain',
    qrs: 'qr',
    links: 'link',
  };
  const entity = entities[collection];
  if (!entity) return;
  const table = db.table<Mirrored, string>(tableOf[entity]);
  const gone = await table.filter((r) => r.sync === 'synced' && r.id !== null && r.pulledAt < startedAt).primaryKeys();
  await table.bulkDelete(gone);
  if (entity === 'link') await db.linkStats.bulkDelete(gone);
  if (entity === 'qr') await db.qrStats.bulkDelete(gone);
  if (entity === 'channel') for (const key of gone) await db.channelItems.where('channelKey').equals(key).delete();
}
