import type { CreateCampaignInput } from '../api/inputs/campaigns';
import type { CreateChannelInput } from '../api/inputs/channels';
import type { CreateDomainInput } from '../api/inputs/domains';
import type { CreatePixelInput } from '../api/inputs/pixels';
import type { CreateQrInput } from '../api/inputs/qr';
import type { Campaign } from '../api/schemas/campaigns';
import type { Channel, ChannelItem } from '../api/schemas/channels';
import type { Domain } from '../api/schemas/domains';
import type { Link } from '../api/schemas/links';
import type { Pixel } from '../api/schemas/pixels';
import { formatDatetime } from '../api/schemas/primitives';
import type { QrCode } from '../api/schemas/qr';
import { serverKey } from './keys';
import { pageKey } from './page-identity';
import type {
  CampaignRow,
  ChannelItemRow,
  ChannelRow,
  DomainRow,
  LinkRow,
  PixelRow,
  QrRow,
  QueuedLink,
} from './records';
import { linkSearchWords } from './search-words';

/**
 * Server records → mirror rows. `existing` is the row already mirrored for the same id: its local
 * key and the facts only this device knows (campaign, full create input) are kept.
 */
export function linkRow(link: Link, existing: LinkRow | undefined, pulledAt: number): LinkRow {
  return withLinkWords({
    key: existing?.key ?? serverKey(link.id),
    id: link.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
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

export function channelRow(channel: Channel, existing: ChannelRow | undefined, pulledAt: number): ChannelRow {
  return {
    key: existing?.key ?? serverKey(channel.id),
    id: channel.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
    name: channel.name,
    description: channel.description,
    color: channel.color,
    starred: channel.starred,
  };
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

export function campaignRow(campaign: Campaign, existing: CampaignRow | undefined, pulledAt: number): CampaignRow {
  return {
    key: existing?.key ?? serverKey(campaign.id),
    id: campaign.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
    name: campaign.name,
    slug: slugOf(campaign.rotator) ?? existing?.slug ?? null,
    public: campaign.public,
    rotator: campaign.rotator,
    list: campaign.list,
  };
}

function slugOf(rotator: string | null): string | null {
  if (!rotator) return null;
  try {
    return new URL(rotator).pathname.split('/').filter(Boolean).pop() ?? null;
  } catch {
    return null;
  }
}

export function domainRow(domain: Domain, existing: DomainRow | undefined, pulledAt: number): DomainRow {
  return {
    key: existing?.key ?? serverKey(domain.id),
    id: domain.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
    domain: domain.domain,
    redirectroot: domain.redirectroot,
    redirect404: domain.redirect404,
  };
}

export function qrRow(qr: QrCode, existing: QrRow | undefined, pulledAt: number): QrRow {
  return {
    key: existing?.key ?? serverKey(qr.id),
    id: qr.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
    link: qr.link,
    scans: qr.scans,
    name: qr.name,
    date: qr.date ?? existing?.date ?? '',
    input: existing?.input ?? null,
  };
}

export function pixelRow(pixel: Pixel, existing: PixelRow | undefined, pulledAt: number): PixelRow {
  return {
    key: existing?.key ?? serverKey(pixel.id),
    id: pixel.id,
    sync: existing?.sync ?? 'synced',
    pulledAt,
    type: pixel.type,
    name: pixel.name,
    tag: pixel.tag,
    date: pixel.date ?? existing?.date ?? null,
  };
}

/*
 * Queued creates → what the mirror shows of them until the service answers: a record made here,
 * with no server id yet.
 */

const fresh = (key: string) => ({ key, id: null, sync: 'pending' as const, pulledAt: 0 });

export const channelFromInput = (input: CreateChannelInput, key: string): ChannelRow => ({
  ...fresh(key),
  name: input.name,
  description: input.description ?? '',
  color: input.color?.toLowerCase() ?? null,
  starred: input.starred ?? false,
});

export const campaignFromInput = (input: CreateCampaignInput, key: string): CampaignRow => ({
  ...fresh(key),
  name: input.name ?? 'New campaign',
  slug: input.slug ?? null,
  public: input.public ?? false,
  rotator: null,
  list: '',
});

export const domainFromInput = (input: CreateDomainInput, key: string): DomainRow => ({
  ...fresh(key),
  domain: input.domain.replace(/\/$/, ''),
  redirectroot: input.redirectroot ?? '',
  redirect404: input.redirect404 ?? '',
});

export const pixelFromInput = (input: CreatePixelInput, key: string): PixelRow => ({
  ...fresh(key),
  ...input,
  date: null,
});

export const qrFromInput = (input: CreateQrInput, key: string, now: number): QrRow => ({
  ...fresh(key),
  link: '',
  scans: 0,
  name: input.name ?? '',
  date: formatDatetime(new Date(now)),
  input,
});

export const linkFromInput = ({ input, campaignKey }: QueuedLink, key: string, now: number): LinkRow =>
  withLinkWords({
    ...fresh(key),
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
