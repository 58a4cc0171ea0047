import type { ApiClient } from '../api/client';
import type { CreateLinkInput } from '../api/inputs/links';
import type { Page } from '../api/schemas/envelope';
import type { Entity, LinkpilotDb, OutboxEntry } from '../db/schema';
import { normalizeLongUrl } from '../db/search-words';

/**
 * After a create whose outcome is unknown (sent, no answer), finds the record the service may
 * have made, so it is adopted instead of created twice. The API has no idempotency key, so the
 * record is recognised by what was sent (alias, long URL, name, slug or domain) and must not be
 * a record this device already mirrors. Pulls leave such look-alikes out of the mirror while the
 * create is unresolved (see `awaitsLookup`), so "already mirrored" stays meaningful.
 */
export interface Found {
  id: number;
  /** The short URL (links) or code URL (QR codes) when the look-up already saw it. */
  url: string | null;
  /** The record as listed, to tell whether edits folded into the create still need sending. */
  record?: Record<string, unknown>;
  /**
   * Further records, unknown here, that match as well: the create was made more than once (a
   * browser resend and a retry, say). One is adopted; the pull removes the others (lib/sync/twins.ts).
   */
  copies?: number;
}

/** The first match is adopted; the rest are counted as copies. */
function firstOf(matches: ({ id: number } & Record<string, unknown>)[]): Found | null {
  const first = matches[0];
  return first ? { id: first.id, url: null, record: first, copies: matches.length - 1 } : null;
}

type MirrorTable = 'links' | 'channels' | 'campaigns' | 'domains' | 'qrCodes';

export async function findCreated(db: LinkpilotDb, api: ApiClient, entry: OutboxEntry): Promise<Found | null> {
  const known = async (table: MirrorTable, id: number) => (await db.table(table).where('id').equals(id).count()) > 0;
  const fits = (record: Record<string, unknown>) => identityMatches(entry, record);
  /** Listed records that fit this create and are not mirrored here; the walk stops at the first unless every one is wanted. */
  async function unknownFits<T extends { id: number }>(
    pages: AsyncIterable<Page<T>>,
    table: MirrorTable,
    want: 'first' | 'every',
  ): Promise<T[]> {
    const matches: T[] = [];
    for await (const page of pages) {
      for (const record of page.items) {
        if (!fits(record) || (await known(table, record.id))) continue;
        matches.push(record);
        if (want === 'first') return matches;
      }
    }
    return matches;
  }

  switch (entry.entity) {
    case 'link': {
      const input = entry.payload.input as CreateLinkInput;
      if (input.custom) {
        const hit = await api.findLinkByShortUrl(input.custom);
        if (
          !hit ||
          !fits({ longurl: hit.details.longurl, shorturl: hit.details.shorturl }) ||
          (await known('links', hit.details.id))
        )
          return null;
        return { id: hit.details.id, url: hit.details.shorturl || null };
      }
      const page = await api.listLinks({ q: input.url, order: 'date', limit: 50 });
      for (const link of page.items)
        if (fits(link) && !(await known('links', link.id))) return { id: link.id, url: link.shorturl || null };
      return null;
    }
    case 'channel':
      return firstOf(
        await unknownFits(
          api.walkPages((p, l) => api.listChannels({ page: p, limit: l })),
          'channels',
          'every',
        ),
      );
    case 'campaign':
      return firstOf(
        await unknownFits(
          api.walkPages((p, l) => api.listCampaigns({ page: p, limit: l })),
          'campaigns',
          'every',
        ),
      );
    case 'domain': {
      // The service keeps domains unique: the first match is the only one.
      const [domain] = await unknownFits(
        api.walkPages((p, l) => api.listDomains({ page: p, limit: l })),
        'domains',
        'first',
      );
      return domain ? { id: domain.id, url: null, record: domain } : null;
    }
    case 'qr': {
      // Copies of QR codes cannot be deleted, so there is no use in walking on to count them.
      const [qr] = await unknownFits(
        api.walkPages((p, l) => api.listQrCodes({ page: p, limit: l })),
        'qrCodes',
        'first',
      );
      return qr ? { id: qr.id, url: qr.link || null } : null;
    }
    default:
      return null;
  }
}

/** Whether a record from the service looks like the one this create entry would make. */
export function identityMatches(entry: OutboxEntry, record: Record<string, unknown>): boolean {
  const p = entry.payload;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  switch (entry.entity) {
    case 'link': {
      const input = p.input as CreateLinkInput;
      if (normalizeLongUrl(str(record.longurl)) !== normalizeLongUrl(input.url)) return false;
      return !input.custom || str(record.shorturl).endsWith(`/${input.custom}`) || str(record.alias) === input.custom;
    }
    case 'channel':
      return str(record.name) === str(p.name);
    case 'campaign':
      return p.slug
        ? str(record.rotator).endsWith(`/${str(p.slug)}`)
        : p.name !== undefined && str(record.name) === str(p.name);
    case 'domain':
      return str(record.domain).replace(/\/$/, '').toLowerCase() === str(p.domain).replace(/\/$/, '').toLowerCase();
    case 'qr':
      return str(record.name) === str((p.input as { name?: string }).name);
    default:
      return false;
  }
}

/** Ambiguous creates of an entity: pulled records that match one of them wait for its look-up. */
export function awaitsLookup(pending: OutboxEntry[], entity: Entity, record: Record<string, unknown>): boolean {
  return pending.some((e) => e.entity === entity && e.op === 'create' && e.ambiguous && identityMatches(e, record));
}
