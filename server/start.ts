import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from 'better-sqlite3';
import { createAccount, type NewAccount } from './accounts';
import { createApp, type Site } from './app';
import { openDatabase } from './db/open';
import { serviceNames } from './hosts';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, timeoutOptions } from './http/connection-limits';
import { type FaultConfig, FaultInjector } from './http/faults';
import { RateLimiter } from './http/rate-limit';
import { accountsForKeys } from './key-accounts';
import { DEFAULT_MAX_LIMIT } from './paging';

export type { FaultConfig };

export interface ServerOptions {
  /** 0 picks a free port; default 8787. */
  port?: number;
  host?: string;
  /** A file path or ':memory:'; default .data/linkpilot.sqlite. */
  db?: string;
  /** The first account's key (the demo account's on a new database): the same as `apiKeys: [apiKey]`. */
  apiKey?: string;
  /** API keys; each after the first gets an account of its own (see accountsForKeys). */
  apiKeys?: string[];
  rateLimit?: number;
  rateWindowSec?: number;
  /** Base of short URLs and QR links; default http://host:port. */
  publicUrl?: string;
  /** Request header with the visitor's ISO country code. */
  countryHeader?: string;
  faults?: FaultConfig | null;
  /** Seed the demo account on a new database; default true. */
  demo?: boolean;
  now?: () => Date;
  /** The largest page size of a list (--max-limit); default 100. */
  maxLimit?: number;
  /** Password attempts per visitor and link, and the window they are counted in; default 10 per 15 minutes. */
  passwordAttempts?: { limit: number; windowSec: number };
  /** Timeouts and the connection cap; each defaults to DEFAULT_CONNECTION_LIMITS. */
  connectionLimits?: Partial<ConnectionLimits>;
  /** Offer editing and deleting links and QR codes, and pixels (beyond the seed's operations); default true. */
  edits?: boolean;
  /** Where unexpected failures are reported; default console.error. */
  logError?: (message: string, error: unknown) => void;
  /** Told of every API request as it arrives, before any fault: for benchmarks that count requests. */
  onApiRequest?: (method: string, url: URL) => void;
}

export interface RunningServer {
  url: string;
  port: number;
  /** The first account's key ('' when no key was given and there is no demo account). */
  apiKey: string;
  /** Every key given at start that works, the first first. */
  apiKeys: string[];
  db: Database;
  setFaults(faults: FaultConfig | null): void;
  setRateLimit(limit: number, windowSec: number): void;
  createAccount(input: NewAccount): { id: number; apiKey: string };
  close(): Promise<void>;
}

/**
 * 10 attempts per 15 minutes: a person who mistypes gets several tries (and all of them back with
 * the right password), while a guesser gets under 1,000 a day per link from one address.
 */
const DEFAULT_PASSWORD_ATTEMPTS = { limit: 10, windowSec: 900 };

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? (() => new Date());
  const host = options.host ?? '127.0.0.1';
  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...options.connectionLimits };
  const httpOptions = timeoutOptions(limits);
  const db = openDatabase(options.db ?? '.data/linkpilot.sqlite');
  const isNew = (db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n === 0;
  const apiKeys = accountsForKeys(db, options.apiKeys ?? (options.apiKey ? [options.apiKey] : []), {
    seedDemo: isNew && options.demo !== false,
    now: now(),
  });
  const clock = () => now().getTime();
  const limiter = new RateLimiter(options.rateLimit ?? 30, (options.rateWindowSec ?? 60) * 1000, clock);
  const attempts = options.passwordAttempts ?? DEFAULT_PASSWORD_ATTEMPTS;
  const passwordLimiter = new RateLimiter(attempts.limit, attempts.windowSec * 1000, clock);
  let injector = options.faults ? new FaultInjector(options.faults) : null;
  let site: Site | null = null;
  const logError = options.logError ?? ((message: string, error: unknown) => console.error(message, error));
  const app = createApp({
    db,
    now,
    site: () => site!,
    limiter,
    passwordLimiter,
    maxLimit: options.maxLimit ?? DEFAULT_MAX_LIMIT,
    edits: options.edits !== false,
    faults: () => injector,
    onApiRequest: options.onApiRequest,
    countryHeader: options.countryHeader ?? 'x-country',
    visitorSalt: randomBytes(8).toString('hex'),
    logError,
  });
  const server: Server = createServer(httpOptions, (req, res) => {
    // The app answers every failure itself; this is the last guard, so no request can ever
    // leave a rejected promise behind, which would end the process.
    app(req, res).catch((error: unknown) => {
      logError('server: request failed outside its handler', error);
      res.destroy();
    });
  });
  server.maxConnections = limits.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = options.publicUrl || url;
  site = { publicUrl, serviceNames: serviceNames({ publicUrl, port, listenHost: host }) };
  return {
    url,
    port,
    apiKey: apiKeys[0] ?? '',
    apiKeys,
    db,
    setFaults: (f) => {
      injector = f ? new FaultInjector(f) : null;
    },
    setRateLimit: (limit, windowSec) => {
      limiter.limit = limit;
      limiter.windowMs = windowSec * 1000;
    },
    createAccount: (input) => createAccount(db, input, now()),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
