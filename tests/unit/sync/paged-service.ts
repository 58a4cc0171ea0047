import { fakeService } from './fake-service';

/** Records of one list, as the service holds them (each with its id, and a date where it has one). */
export type Records = { id: number; date?: string | null; [field: string]: unknown }[];

export interface PagedOptions {
  /** The largest page the service gives, whatever `limit` asks (default 100). */
  maxLimit?: number;
  /** Ignores `limit` altogether and gives this many a page. */
  fixedPage?: number;
  /** Lists newest last (ids ascending) instead of newest first. */
  oldestFirst?: boolean;
}

const COLLECTION: Record<string, string> = {
  '/api/channels': 'channels',
  '/api/campaigns': 'campaigns',
  '/api/domains': 'domains',
  '/api/overlay': 'cta',
  '/api/splash': 'splash',
  '/api/qr': 'qrs',
  '/api/urls': 'urls',
};

/**
 * A fake service that pages its lists as the local server does: links by date then id, newest
 * first; every other list by id, newest first (or oldest first when asked). `lists` may be changed
 * between requests, as another client of the service would.
 */
export function pagedService(lists: Record<string, Records>, options: PagedOptions = {}) {
  return fakeService(({ path, query }) => {
    if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } } };
    const items = /^\/api\/channel\/(\d+)$/.exec(path);
    const collection = items ? 'items' : COLLECTION[path];
    if (!collection) return { status: 404, body: { error: 1, message: 'no route' } };
    const records = [...(lists[items ? `items:${items[1]}` : collection] ?? [])];
    const newestFirst = (a: Records[number], b: Records[number]) =>
      collection === 'urls' || collection === 'items'
        ? String(b.date ?? '').localeCompare(String(a.date ?? '')) || b.id - a.id
        : b.id - a.id;
    records.sort(newestFirst);
    if (options.oldestFirst) records.reverse();
    const perpage = options.fixedPage ?? Math.min(Number(query.get('limit') ?? 15) || 15, options.maxLimit ?? 100);
    const page = Number(query.get('page') ?? 1);
    const maxpage = Math.max(1, Math.ceil(records.length / perpage));
    return {
      body: {
        error: '0',
        data: {
          result: records.length,
          perpage,
          currentpage: page,
          nextpage: page < maxpage ? page + 1 : 0,
          maxpage,
          [collection]: records.slice((page - 1) * perpage, page * perpage),
        },
      },
    };
  });
}

export const channelRecord = (id: number, name = `Channel ${id}`) => ({
  id,
  name,
  description: '',
  color: '#112233',
  starred: false,
});

export const linkRecord = (id: number, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  alias: `a${id}`,
  shorturl: `https://s.test/a${id}`,
  longurl: `https://example.com/${id}`,
  clicks: 0,
  title: `Link ${id}`,
  description: '',
  date,
  ...extra,
});

/** "2026-11-22 10:00:00" plus `minutes`. */
export const minute = (minutes: number) =>
  new Date(Date.UTC(2026, 10, 22, 10) + minutes * 60_000).toISOString().slice(0, 19).replace('T', ' ');
