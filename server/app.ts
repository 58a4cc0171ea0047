import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from 'better-sqlite3';
import type { ApiContext, Route } from './context';
import type { ServiceNames } from './hosts';
import { authenticate } from './http/authenticate';
import { readJsonBody } from './http/body';
import { HttpError } from './http/errors';
import { asSentence, type FaultConfig, type FaultInjector } from './http/faults';
import type { RateLimiter } from './http/rate-limit';
import { readTarget } from './http/request-target';
import { sendJson } from './http/respond';
import { handleVisit } from './redirect/handler';
import { accountRoutes } from './routes/account';
import { campaignRoutes } from './routes/campaigns';
import { channelRoutes } from './routes/channels';
import { domainRoutes } from './routes/domains';
import { linkEditRoutes } from './routes/link-edit';
import { overlayRoutes } from './routes/overlays';
import { pixelRoutes } from './routes/pixels';
import { qrEditRoutes, qrRoutes } from './routes/qr';
import { urlRoutes } from './routes/urls';

const ROUTES: Route[] = [
  ...accountRoutes,
  ...overlayRoutes,
  ...channelRoutes,
  ...domainRoutes,
  ...campaignRoutes,
  ...qrRoutes,
  ...urlRoutes,
];
/** Beyond the seed's operations (server/README.md): left out with --without-edits, so they are absent routes. */
const EDIT_ROUTES: Route[] = [...linkEditRoutes, ...qrEditRoutes, ...pixelRoutes];

/** What the service knows about itself once it listens. */
export interface Site {
  publicUrl: string;
  serviceNames: ServiceNames;
}

export interface AppDeps {
  db: Database;
  now: () => Date;
  site: () => Site;
  /** Requests per API key (per client address without a valid key). */
  limiter: RateLimiter;
  /** Password attempts per visitor and link. */
  passwordLimiter: RateLimiter;
  maxLimit: number;
  /** Whether EDIT_ROUTES are offered. */
  edits: boolean;
  faults: () => FaultInjector | null;
  /** Told of every API request as it arrives (see ServerOptions.onApiRequest). */
  onApiRequest?: (method: string, url: URL) => void;
  countryHeader: string;
  visitorSalt: string;
  /** Where unexpected failures are reported. */
  logError: (message: string, error: unknown) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The request handler: /api/* is the JSON API, everything else is visits (redirects, QR, pages).
 * Everything a request can make go wrong happens inside one guard: a client's mistake is a 4xx
 * with a message, and only a fault of the service itself is logged.
 */
export function createApp(deps: AppDeps) {
  const routes = deps.edits ? [...ROUTES, ...EDIT_ROUTES] : ROUTES;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const target = readTarget(req);
      const { pathname } = target.url;
      if (pathname === '/api' || pathname.startsWith('/api/')) await handleApi(deps, routes, req, res, target.url);
      else {
        const { publicUrl, serviceNames } = deps.site();
        const visitDeps = { ...deps, publicUrl, serviceNames };
        await handleVisit(visitDeps, req, res, target);
      }
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      if (error instanceof HttpError) {
        return sendJson(res, error.status, { error: 1, message: error.message }, error.headers);
      }
      deps.logError('server: unexpected error', error);
      // Unexpected failures answer in the API's error shape, without internals.
      sendJson(res, 500, { error: 1, message: 'Internal server error.' });
    }
  };
}

/** Path parameters, percent-decoded; a malformed escape is the client's mistake. */
function pathParams(route: Route, pathname: string): string[] {
  return (route.pattern.exec(pathname) ?? []).slice(1).map((p) => {
    try {
      return decodeURIComponent(p);
    } catch {
      throw new HttpError(400, `path: "${p.slice(0, 100)}" holds a malformed percent escape`);
    }
  });
}

async function handleApi(
  deps: AppDeps,
  routes: Route[],
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  deps.onApiRequest?.(req.method ?? 'GET', url);
  const injector = deps.faults();
  const drawn = injector?.draw() ?? { fault: 'none' as const, delayMs: 0 };
  if (drawn.fault === 'dropBefore') return void req.socket.destroy();
  if (drawn.delayMs > 0) await sleep(drawn.delayMs);
  if (drawn.fault === 'bare429') return sendJson(res, 429, { error: 1, message: 'Too many requests.' });

  const account = authenticate(deps.db, deps.now(), req);
  const bucket = account.ok ? `key:${account.key}` : `ip:${req.socket.remoteAddress ?? ''}`;
  const rate = deps.limiter.take(bucket);
  const answer = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    sendJson(res, status, body, { ...rate.headers, ...extra });
  if (!rate.allowed) {
    return answer(
      429,
      {
        error: 1,
        message: `Rate limit exceeded: ${deps.limiter.limit} requests per ${Math.round(deps.limiter.windowMs / 1000)} seconds. Retry after ${rate.retryAfterSeconds} s.`,
      },
      { 'Retry-After': String(rate.retryAfterSeconds) },
    );
  }
  if (!account.ok) return answer(401, { error: 1, message: account.message });
  if (drawn.fault === 'error500') return answer(500, { error: 1, message: 'Internal server error.' });

  const candidates = routes.filter((r) => r.pattern.test(url.pathname));
  const match = candidates.find((r) => r.method === req.method);
  if (!match) {
    if (candidates.length > 0)
      return answer(
        405,
        { error: 1, message: `Method ${req.method} is not allowed here.` },
        { Allow: [...new Set(candidates.map((r) => r.method))].join(', ') },
      );
    return answer(404, { error: 1, message: 'Unknown API endpoint.' });
  }
  const { publicUrl, serviceNames } = deps.site();
  let status = 200;
  let body: unknown;
  try {
    const ctx: ApiContext = {
      db: deps.db,
      account: account.row,
      now: deps.now,
      publicUrl,
      serviceNames,
      maxLimit: deps.maxLimit,
      edits: deps.edits,
      params: pathParams(match, url.pathname),
      query: url.searchParams,
      body: () => readJsonBody(req),
    };
    const result = await match.handler(ctx);
    status = result.status ?? 200;
    body = result.body;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    const message = injector?.config.sentences ? asSentence(error.message) : error.message;
    return answer(error.status, { error: 1, message }, error.headers);
  }
  if (drawn.fault === 'dropAfter') return void req.socket.destroy();
  if (drawn.fault === 'malformed') {
    res.writeHead(200, { 'Content-Type': 'application/json', ...rate.headers });
    return void res.end(JSON.stringify(body).slice(0, 7));
  }
  return answer(status, body);
}

export type { FaultConfig };
