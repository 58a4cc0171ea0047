import { route, type Route } from '../context';
import { listEnvelope } from '../http/respond';
import { paging } from '../paging';

function listOf(table: string, columns: string, collection: string): Route['handler'] {
  return (ctx) => {
    const p = paging(ctx.query);
    const total = (ctx.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE account_id = ?`).get(ctx.account.id) as { n: number }).n;
    const rows = ctx.db.prepare(`SELECT ${columns} FROM ${table} WHERE account_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`).all(ctx.account.id, p.perpage, p.offset);
    return { body: listEnvelope(collection, rows, { page: p.page, perpage: p.perpage, total }) };
  };
}

/** CTA overlays and splash pages can only be listed through the API. */
export const overlayRoutes: Route[] = [
  route('GET', '/api/overlay', listOf('overlays', 'id, type, name, date', 'cta')),
  route('GET', '/api/splash', listOf('splash_pages', 'id, name, date', 'splash')),
];
