import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from 'better-sqlite3';
import type { AccountRow, ApiContext, Route } from './context';
import { readJsonBody } from './http/body';
import { HttpError } from './http/errors';
import type { FaultConfig, FaultInjector } from './http/faults';
import type { RateLimiter } from './http/rate-limit';
import { sendJson } from './http/respond';
import { handleVisit } from './redirect/handler';
import { accountRoutes } from './routes/account';
import { campaignRoutes } from './routes/campaigns';
import { channelRoutes } from './routes/channels';
import { domainRoutes } from './routes/domains';
import { overlayRoutes } from './routes/overlays';
import { qrRoutes } from './routes/qr';
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

export interface AppDeps {
  db: Database;
  now: () => Date;
  publicUrl: () => string;
  limiter: RateLimiter;
  faults: () => FaultInjector | null;
  countryHeader: string;
  visitorSalt: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The request handler: /api/* is the JSON API, everything else is visits (redirects, QR, pages). */
export function createApp(deps: AppDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    try {
      if (url.pathname === '/api' || url.pathname.startsWith('/api/')) await handleApi(deps, req, res, url);
      else
        await handleVisit(
          {
            db: deps.db,
            now: deps.now,
            publicUrl: deps.publicUrl(),
            countryHeader: deps.countryHeader,
            visitorSalt: deps.visitorSalt,
          },
          req,
          res,
          url,
        );
    } catch (error) {
      if (res.headersSent || res.destroyed) return;
      // Unexpected failures answer in the API's error shape, without internals.
      console.error('server: unexpected error', error);
      sendJson(res, 500, { error: 1, message: 'Internal server error.' });
    }
  };
}

async function handleApi(deps: AppDeps, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  const injector = deps.faults();
  const drawn = injector?.draw() ?? { fault: 'none' as const, delayMs: 0 };
  if (drawn.fault === 'dropBefore') return void req.socket.destroy();
  if (drawn.delayMs > 0) await sleep(drawn.delayMs);
  if (drawn.fault === 'bare429') return sendJson(res, 429, { error: 1, message: 'Too many requests.' });

  const account = authenticate(deps, req);
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

  const candidates = ROUTES.filter((r) => r.pattern.test(url.pathname));
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
  const ctx: ApiContext = {
    db: deps.db,
    account: account.row,
    now: deps.now,
    publicUrl: deps.publicUrl(),
    params: (match.pattern.exec(url.pathname) ?? []).slice(1).map((p) => decodeURIComponent(p)),
    query: url.searchParams,
    body: () => readJsonBody(req),
  };
  let status = 200;
  let body: unknown;
  try {
    const result = await match.handler(ctx);
    status = result.status ?? 200;
    body = result.body;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return answer(error.status, { error: 1, message: error.message }, error.headers);
  }
  if (drawn.fault === 'dropAfter') return void req.socket.destroy();
  if (drawn.fault === 'malformed') {
    res.writeHead(200, { 'Content-Type': 'application/json', ...rate.headers });
    return void res.end(JSON.stringify(body).slice(0, 7));
  }
  return answer(status, body);
}

type Auth = { ok: true; key: string; row: AccountRow } | { ok: false; message: string };

function authenticate(deps: AppDeps, req: IncomingMessage): Auth {
  const header = req.headers.authorization;
  if (!header) return { ok: false, message: 'Missing API key: send it as Authorization: Bearer <API_KEY>.' };
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!m) return { ok: false, message: 'Malformed Authorization header: use Bearer <API_KEY>.' };
  const key = m[1]!;
  const found = deps.db
    .prepare(
      'SELECT k.expires AS key_expires, a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key = ?',
    )
    .get(key) as (AccountRow & { key_expires: string | null }) | undefined;
  if (!found) return { ok: false, message: 'API key is invalid.' };
  if (found.key_expires && found.key_expires <= deps.now().toISOString().slice(0, 19).replace('T', ' '))
    return { ok: false, message: 'API key has expired.' };
  const { key_expires: _expires, ...row } = found;
  return { ok: true, key, row };
}

export type { FaultConfig };
