import type { Database } from 'better-sqlite3';
import type { ServiceNames } from './hosts';

export interface AccountRow {
  id: number;
  email: string;
  username: string;
  password_hash: string;
  status: string;
  expires: string;
  registered: string;
}

/** What every API handler gets: the caller's account, the database, the clock and the request parts. */
export interface ApiContext {
  db: Database;
  account: AccountRow;
  now: () => Date;
  publicUrl: string;
  /** The names of this service itself (loopback names on its port, the public URL's host). */
  serviceNames: ServiceNames;
  /** Whether it offers editing and deleting links and QR codes, and pixels (off: --without-edits). */
  edits: boolean;
  /** The largest page size a list answers with (--max-limit). */
  maxLimit: number;
  params: string[];
  query: URLSearchParams;
  body: () => Promise<Record<string, unknown>>;
}

/** Handlers return the JSON body; `status` defaults to 200. */
export type ApiResult = { status?: number; body: unknown };
export type ApiHandler = (ctx: ApiContext) => ApiResult | Promise<ApiResult>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  pattern: RegExp;
  handler: ApiHandler;
  /** Whether it changes data (fault injection drops or garbles answers after the write). */
  writes: boolean;
}

export const route = (method: Route['method'], path: string, handler: ApiHandler): Route => ({
  method,
  // "/api/channel/:id/assign/:type/:itemid" → exact regexp with one group per parameter
  pattern: new RegExp(`^${path.replace(/:[a-z]+/g, '([^/]+)')}/?$`),
  handler,
  writes: method !== 'GET',
});
