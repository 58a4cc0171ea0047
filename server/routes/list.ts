import type { ApiContext } from '../context';
import { listEnvelope } from '../http/respond';
import { paging } from '../paging';

/** One page of an account's records of a table, newest first, in the spec's list envelope. */
export function listOwned<T>(ctx: ApiContext, table: string, collection: string, view: (row: T) => unknown) {
  const p = paging(ctx.query, ctx.maxLimit);
  const total = (
    ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ?`).get(ctx.account.id) as { n: number }
  ).n;
  const rows = ctx.db
    .prepare(`SELECT * FROM ${table} WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`)
    .all(ctx.account.id, p.perpage, p.offset) as T[];
  return { body: listEnvelope(collection, rows.map(view), { page: p.page, perpage: p.perpage, total }) };
}
