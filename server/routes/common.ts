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

export const ok = (body: Record<string, unknown>) => ({ body: { error: 0, ...body } });
