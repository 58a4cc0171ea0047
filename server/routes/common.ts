import type { RunResult } from 'better-sqlite3';
import type { ApiContext } from '../context';
import { notFound } from '../http/errors';

/** A path id: a positive integer, else 404 (an id that cannot exist names nothing). */
export function idParam(ctx: ApiContext, index: number, what: string): number {
  const raw = ctx.params[index] ?? '';
  if (!/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw notFound(`${what} not found.`);
  return Number(raw);
}

/** A row of this account's, or 404: another account's records are indistinguishable from none. */
export function owned<T>(ctx: ApiContext, table: string, id: number, what: string): T {
  const row = ctx.db.prepare(`SELECT * FROM ${table} WHERE id = ? AND account_id = ?`).get(id, ctx.account.id) as
    | T
    | undefined;
  if (!row) throw notFound(`${what} not found.`);
  return row;
}

/**
 * Runs `write` with the account's row `id` in one transaction with the check that it is the
 * account's: between the two no other request can delete the row or make another under its id.
 * Call it once the body is read and checked (and a password hashed), with a `write` that never
 * waits: a transaction of better-sqlite3 ends when its function returns. An error thrown inside
 * undoes every statement of it.
 */
export function writeOwned<T, R>(ctx: ApiContext, table: string, id: number, what: string, write: (row: T) => R): R {
  return ctx.db.transaction(() => write(owned<T>(ctx, table, id, what)))();
}

/**
 * Sets the given columns (undefined ones are left as they are) of the account's row `id`. Alone it
 * is one statement, so the account check and the write are one; inside `writeOwned` it is part of
 * that transaction. No row of the account's with that id is a 404. The keys of `changes` become
 * column names: they come from the route or a parsed body's schema, never from the request itself.
 */
export function updateOwned(
  ctx: ApiContext,
  table: string,
  id: number,
  what: string,
  changes: Record<string, unknown>,
): void {
  const set = Object.entries(changes).filter(([, v]) => v !== undefined);
  // Setting nothing still has to name a row of the account's, as any update does.
  const assignments = set.length > 0 ? set.map(([column]) => `${column} = ?`).join(', ') : 'id = id';
  const info = ctx.db
    .prepare(`UPDATE ${table} SET ${assignments} WHERE id = ? AND account_id = ?`)
    .run(...set.map(([, v]) => v), id, ctx.account.id);
  exactlyOne(info, what);
}

/** Deletes the account's row `id`; none is a 404. */
export function deleteOwned(ctx: ApiContext, table: string, id: number, what: string): void {
  exactlyOne(ctx.db.prepare(`DELETE FROM ${table} WHERE id = ? AND account_id = ?`).run(id, ctx.account.id), what);
}

function exactlyOne(info: RunResult, what: string): void {
  if (info.changes !== 1) throw notFound(`${what} not found.`);
}

export const ok = (body: Record<string, unknown>) => ({ body: { error: 0, ...body } });
