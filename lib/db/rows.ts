import type { ChannelItem } from '../api/schemas/channels';
import type { Link } from '../api/schemas/links';
import { formatDatetime } from '../api/schemas/primitives';
import { serverKey } from './keys';
import { pageKey } from './page-identity';
import type { ChannelItemRow, LinkRow, QueuedLink, SyncState } from './records';
import { linkSearchWords } from './search-words';

/**
 * Server records → mirror rows. `existing` is the row already mirrored for the same id: its local
 * key and the facts only this device knows (campaign, full create input) are kept.
 */
export function linkRow(link: Link, existing: LinkRow | undefined, pulledAt: number): LinkRow {
  return withLinkWords({
    ...pulledRow(link.id, existing, pulledAt),
    alias: link.alias || aliasOf(link.shorturl),
    shorturl: link.shorturl,
    longurl: link.longurl,
    longurlKey: '',
    clicks: link.clicks,
    title: link.title,
    description: link.description,
    date: link.date ?? existing?.date ?? '',
    campaignKey: existing?.campaignKey ?? null,
    // The domain a link lives on shows in its short URL (the API's listing has no other field for it).
    domain: existing?.domain || originOf(link.shorturl),
    status: existing?.status ?? null,
    input: existing?.sync === 'synced' ? null : (existing?.input ?? null),
    words: [],
  });
}

type LinkText = Pick<LinkRow, 'alias' | 'title' | 'description' | 'shorturl' | 'longurl'>;

/** Recomputes the derived fields (search words, long URL key) after any change to a link row. */
export function withLinkWords<T extends LinkText>(row: T): T & Pick<LinkRow, 'longurlKey' | 'words'> {
  return {
    ...row,
    longurlKey: pageKey(row.longurl),
    words: linkSearchWords(row),
  };
}

export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function aliasOf(shorturl: string): string {
  try {
    return new URL(shorturl).pathname.replace(/^\/+/, '');
  } catch {
    return '';
  }
}

export function channelItemKey(
  channelKey: string,
  type: string,
  itemKey: string | null,
  itemId: number | null,
): string {
  return `${channelKey}|${type}|${itemKey ?? `s${itemId ?? ''}`}`;
}

export function channelItemRow(channelKey: string, item: ChannelItem, itemKey: string | null): ChannelItemRow {
  return {
    key: channelItemKey(channelKey, item.type, itemKey, item.id),
    channelKey,
    type: item.type,
    itemKey,
    itemId: item.id,
    title: item.title,
    preview: item.preview,
    link: item.link,
    date: item.date,
    sync: 'synced',
  };
}

/*
 * Queued creates → what the mirror shows of them until the service answers: a record made here,
 * with no server id yet.
 */

/** A row made here, before the service answers: no server id yet, pending. */
export const freshRow = (key: string) => ({ key, id: null, sync: 'pending' as const, pulledAt: 0 });

/**
 * What every row of a server record starts with: the local key and sync state of the row already
 * mirrored for its id, kept, else a key made from the id.
 */
export const pulledRow = (id: number, existing: { key: string; sync: SyncState } | undefined, pulledAt: number) => ({
  key: existing?.key ?? serverKey(id),
  id,
  sync: existing?.sync ?? ('synced' as SyncState),
  pulledAt,
});

export const linkFromInput = ({ input, campaignKey }: QueuedLink, key: string, now: number): LinkRow =>
  withLinkWords({
    ...freshRow(key),
    alias: input.custom ?? '',
    shorturl: '',
    longurl: input.url,
    clicks: 0,
    title: input.metatitle ?? titleOf(input.url),
    description: input.description ?? '',
    date: formatDatetime(new Date(now)),
    campaignKey,
    domain: input.domain ?? '',
    status: input.status ?? null,
    input,
    longurlKey: '',
    words: [],
  });

function titleOf(url: string): string {
  try {
    const u = new URL(url);
    return u.hostname + (u.pathname === '/' ? '' : u.pathname);
  } catch {
    return url;
  }
}
