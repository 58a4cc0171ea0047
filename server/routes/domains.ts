import { z } from 'zod';
import { type DomainRecord, domainForHost } from '../branded-domains';
import { type Route, route } from '../context';
import { hostKey } from '../hosts';
import { badRequest } from '../http/errors';
import { refusePointingBack } from '../points-back';
import { datetime } from '../time';
import { httpUrl, parse } from '../validate';
import { deleteOwned, idParam, ok, updateOwned, writeOwned } from './common';
import { listOwned } from './list';

const view = (d: DomainRecord) => ({
  id: d.id,
  domain: d.domain,
  redirectroot: d.redirectroot,
  redirect404: d.redirect404,
});

/** A scheme and a host, nothing else: that is what a branded domain is. */
const domainName = httpUrl.refine(
  (v) => /^https?:\/\/[^/?#@\\]+\/?$/i.test(v),
  'must be only a scheme and host, like https://go.example.com',
);

const createBody = z.object({ domain: domainName, redirectroot: httpUrl.optional(), redirect404: httpUrl.optional() });
const updateBody = z.object({ redirectroot: httpUrl.optional(), redirect404: httpUrl.optional() });

export const domainRoutes: Route[] = [
  route('GET', '/api/domains', (ctx) => listOwned<DomainRecord>(ctx, 'domains', 'domains', view)),
  route('POST', '/api/domain/add', async (ctx) => {
    const b = parse(createBody, await ctx.body());
    const url = new URL(b.domain);
    const host = hostKey(url.host);
    if (host === null) throw badRequest('domain: must be only a scheme and host, like https://go.example.com');
    if (ctx.serviceNames.includes(url)) throw badRequest('domain: is a name of this service itself');
    // One host, one account: another scheme or spelling of a registered host is the same host.
    if (domainForHost(ctx.db, host)) throw badRequest('domain: is already registered');
    refusePointingBack(
      ctx,
      [
        ['redirectroot', b.redirectroot],
        ['redirect404', b.redirect404],
      ],
      host,
    );
    // The spec requires the domain to point at the service already; DNS cannot be checked offline, so it is accepted.
    const info = ctx.db
      .prepare('INSERT INTO domains (account_id, domain, redirectroot, redirect404, created) VALUES (?, ?, ?, ?, ?)')
      .run(ctx.account.id, `${url.protocol}//${host}`, b.redirectroot ?? '', b.redirect404 ?? '', datetime(ctx.now()));
    return ok({ id: Number(info.lastInsertRowid) });
  }),
  route('PUT', '/api/domain/:id/update', async (ctx) => {
    const id = idParam(ctx, 0, 'Domain');
    const raw = await ctx.body();
    if ('domain' in raw) throw badRequest('domain: cannot be changed');
    const b = parse(updateBody, raw);
    if (b.redirectroot === undefined && b.redirect404 === undefined)
      throw badRequest('redirectroot or redirect404: nothing to update');
    refusePointingBack(ctx, [
      ['redirectroot', b.redirectroot],
      ['redirect404', b.redirect404],
    ]);
    updateOwned(ctx, 'domains', id, 'Domain', b);
    return ok({ message: 'Domain has been updated successfully.' });
  }),
  route('DELETE', '/api/domain/:id/delete', (ctx) => {
    const id = idParam(ctx, 0, 'Domain');
    writeOwned(ctx, 'domains', id, 'Domain', () => {
      // Links on it fall back to the service's own domain.
      ctx.db
        .prepare('UPDATE links SET domain_id = NULL WHERE domain_id = ? AND account_id = ?')
        .run(id, ctx.account.id);
      deleteOwned(ctx, 'domains', id, 'Domain');
    });
    return ok({ message: 'Domain has been deleted successfully.' });
  }),
];
