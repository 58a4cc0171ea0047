import type { Database } from 'better-sqlite3';
import { hostKeyOfUrl } from './hosts';

export interface DomainRecord {
  id: number;
  account_id: number;
  domain: string;
  redirectroot: string;
  redirect404: string;
}

/**
 * The branded domain that owns a host (see hostKey), whoever registered it. One host belongs to
 * one account: registration refuses a second spelling of a host (another scheme, case, trailing
 * dot). A database from before that rule may hold two; the first registered keeps the host.
 */
export function domainForHost(db: Database, key: string): DomainRecord | null {
  const rows = db.prepare('SELECT * FROM domains ORDER BY id').all() as DomainRecord[];
  return rows.find((d) => hostKeyOfUrl(d.domain) === key) ?? null;
}
