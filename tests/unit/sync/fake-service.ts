import { type ApiClient, createApiClient } from '@/lib/api/client';
import type { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import { listOf } from '../../fixtures/fake-fetch';

export type Handler = (req: {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
}) => { status?: number; body?: unknown; raw?: string; headers?: Record<string, string> } | Error;

/** A fake service answering by route; records every request. */
export function fakeService(handler: Handler) {
  const requests: { method: string; path: string; query: string; body: unknown }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    requests.push({ method: request.method, path: url.pathname, query: url.search, body });
    const answer = handler({ method: request.method, path: url.pathname, query: url.searchParams, body });
    if (answer instanceof Error) throw answer;
    return new Response(answer.raw ?? JSON.stringify(answer.body ?? { error: 0 }), {
      status: answer.status ?? 200,
      headers: {
        'X-RateLimit-Limit': '30',
        'X-RateLimit-Remaining': '29',
        'X-RateLimit-Reset': '60',
        ...answer.headers,
      },
    });
  };
  /** "METHOD /path" of every request so far. */
  const sent = () => requests.map((r) => `${r.method} ${r.path}`);
  return { fetch: fetchImpl, requests, sent };
}
export type FakeService = ReturnType<typeof fakeService>;

/** A list page as the service sends it (one page holding every record). */
export const page = (collection: string, records: unknown[]) => ({
  body: listOf(collection, records, { perpage: 100 }),
});

export function engineFor(db: LinkpilotDb, service: FakeService, clock = { t: Date.now() }) {
  return createSyncEngine({
    db,
    connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
    fetch: service.fetch,
    now: () => clock.t,
    sleep: async (ms) => {
      clock.t += ms;
    },
    random: () => 0.5,
  });
}

export const apiFor = (service: FakeService): ApiClient =>
  createApiClient({ baseUrl: 'https://s.test', getApiKey: () => 'k', fetch: service.fetch });

/** Statistics as the service sends them for a link nobody has visited. */
export const NO_STATS = {
  clicks: 0,
  uniqueClicks: 0,
  topCountries: 0,
  topReferrers: 0,
  topBrowsers: 0,
  topOs: 0,
  socialCount: 0,
};

/** A short link as the service lists it. */
export const listedLink = (id: number, longurl: string, alias = `a${id}`) => ({
  id,
  alias,
  shorturl: `https://s.test/${alias}`,
  longurl,
  clicks: 0,
  title: '',
  description: '',
  date: '2026-11-22 10:00:00',
});
