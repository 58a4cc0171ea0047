import type { Database } from 'better-sqlite3';
import { createAccount } from './accounts';
import { keyHash } from './api-keys';
import { seedDemo } from './demo';

/**
 * Makes every API key given at start (`--api-key`, repeatable) work. On a new database the first
 * key (generated when none is given) gets the demo account, unless `demo` is off; every other key
 * the database does not know yet gets an empty account of its own, so demos and tests of several
 * accounts need no API to create them. Keys the database knows keep their accounts. Returns the
 * working keys, in the order given.
 */
export function accountsForKeys(db: Database, keys: string[], options: { seedDemo: boolean; now: Date }): string[] {
  const unique = [...new Set(keys)];
  const working: string[] = [];
  if (options.seedDemo) working.push(seedDemo(db, unique.shift(), options.now).apiKey);
  const known = db.prepare('SELECT 1 FROM api_keys WHERE key_hash = ?');
  for (const key of unique) {
    if (!known.get(keyHash(key))) createAccount(db, { ...freeAccountName(db), apiKey: key }, options.now);
    working.push(key);
  }
  return working;
}

/** "account-N@linkpilot.test" with the first N from the next id on that no account uses. */
function freeAccountName(db: Database): { email: string; username: string } {
  const taken = db.prepare('SELECT 1 FROM accounts WHERE email = ?');
  let n = (db.prepare('SELECT COALESCE(MAX(id), 0) + 1 AS n FROM accounts').get() as { n: number }).n;
  while (taken.get(`account-${n}@linkpilot.test`)) n += 1;
  return { email: `account-${n}@linkpilot.test`, username: `account-${n}` };
}
