import type { Database } from 'better-sqlite3';
import type { ServiceNames } from '../hosts';
import type { RateLimiter } from '../http/rate-limit';

/** What the visit side (everything outside /api) needs. */
export interface VisitDeps {
  db: Database;
  now: () => Date;
  publicUrl: string;
  serviceNames: ServiceNames;
  countryHeader: string;
  visitorSalt: string;
  /** Password attempts per visitor and link. */
  passwordLimiter: RateLimiter;
}
