import { randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { keyHash } from './api-keys';
import { NO_PASSWORD } from './passwords';
import { datetime } from './time';

export interface NewAccount {
  email: string;
  username?: string;
  apiKey?: string;
  /** When the API key stops working ("YYYY-MM-DD HH:MM:SS"), or null for never. */
  keyExpires?: string | null;
  status?: string;
}

/** Creates an account with its API key (generated when not given: 32 hex characters). */
export function createAccount(db: Database, input: NewAccount, now: Date): { id: number; apiKey: string } {
  const apiKey = input.apiKey ?? randomBytes(16).toString('hex');
  const expires = new Date(now.getTime() + 365 * 86_400_000);
  return db.transaction(() => {
    const info = db
      .prepare(
        'INSERT INTO accounts (email, username, password_hash, status, expires, registered) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .run(
        input.email,
        input.username ?? input.email.split('@')[0]!,
        NO_PASSWORD,
        input.status ?? 'pro',
        datetime(expires),
        datetime(now),
      );
    const id = Number(info.lastInsertRowid);
    db.prepare('INSERT INTO api_keys (key_hash, account_id, expires, created) VALUES (?, ?, ?, ?)').run(
      keyHash(apiKey),
      id,
      input.keyExpires ?? null,
      datetime(now),
    );
    return { id, apiKey };
  })();
}
