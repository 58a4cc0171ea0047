import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from 'better-sqlite3';
import { createAccount, type NewAccount } from './accounts';
import { createApp } from './app';
import { openDatabase } from './db/open';
import { seedDemo } from './demo';
import { type FaultConfig, FaultInjector } from './http/faults';
import { RateLimiter } from './http/rate-limit';

export type { FaultConfig };

export interface ServerOptions {
  /** 0 picks a free port; default 8787. */
  port?: number;
  host?: string;
  /** A file path or ':memory:'; default .data/linkpilot.sqlite. */
  db?: string;
  /** The demo account's key on a new database (generated when absent). */
  apiKey?: string;
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
}

export interface RunningServer {
  url: string;
  port: number;
  /** The demo account's key ('' when there is no demo account). */
  apiKey: string;
  db: Database;
  setFaults(faults: FaultConfig | null): void;
  setRateLimit(limit: number, windowSec: number): void;
  createAccount(input: NewAccount): { id: number; apiKey: string };
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const now = options.now ?? (() => new Date());
  const host = options.host ?? '127.0.0.1';
  const db = openDatabase(options.db ?? '.data/linkpilot.sqlite');
  const isNew = (db.prepare('SELECT COUNT(*) AS n FROM accounts').get() as { n: number }).n === 0;
  let apiKey = '';
  if (isNew && options.demo !== false) apiKey = seedDemo(db, options.apiKey, now()).apiKey;
  else if (options.apiKey) {
    const known = db.prepare('SELECT key FROM api_keys WHERE key = ?').get(options.apiKey);
    apiKey = known ? options.apiKey : '';
  }
  const limiter = new RateLimiter(options.rateLimit ?? 30, (options.rateWindowSec ?? 60) * 1000, () => now().getTime());
  let injector = options.faults ? new FaultInjector(options.faults) : null;
  let publicUrl = options.publicUrl ?? '';
  const app = createApp({
    db,
    now,
    publicUrl: () => publicUrl,
    limiter,
    faults: () => injector,
    countryHeader: options.countryHeader ?? 'x-country',
    visitorSalt: randomBytes(8).toString('hex'),
  });
  const server: Server = createServer((req, res) => void app(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 8787, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  publicUrl ||= url;
  return {
    url,
    port,
    apiKey,
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
