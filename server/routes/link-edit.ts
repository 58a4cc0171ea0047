import { z } from 'zod';
import { type Route, route } from '../context';
import { type LinkRecord, shortUrlOf } from '../links-view';
import { hashPassword } from '../passwords';
import { refusePointingBack } from '../points-back';
import { datetime } from '../time';
import { datetimeField, parse, positiveId } from '../validate';
import { deleteOwned, idParam, ok, updateOwned, writeOwned } from './common';
import {
  accountDomainId,
  checkReferences,
  chooseAlias,
  createBody,
  redirectTargets,
  refusePastExpiry,
  titleOf,
} from './link-create';

/**
 * As `url/add` (the family's pages say so): `url` required, every other field optional and, when
 * given, replacing what the link had. Not shown there, chosen here: `null` takes away an expiry, a
 * password (so does ""), a branded domain (back to the service's own), a channel or a campaign.
 */
const updateBody = createBody.extend({
  password: z.string({ error: 'must be a string' }).max(200, 'must be at most 200 characters').nullable().optional(),
  domain: createBody.shape.domain.unwrap().nullable().optional(),
  expiry: datetimeField.nullable().optional(),
  channel: positiveId.nullable().optional(),
  campaign: positiveId.nullable().optional(),
});

const json = (v: unknown) => JSON.stringify(v);

export const linkEditRoutes: Route[] = [
  route('PUT', '/api/url/:id/update', async (ctx) => {
    const id = idParam(ctx, 0, 'Link');
    const b = parse(updateBody, await ctx.body());
    const passwordHash = b.password ? await hashPassword(b.password) : b.password === undefined ? undefined : null;
    refusePointingBack(ctx, redirectTargets(b));
    refusePastExpiry(ctx, b.expiry);
    // From here on nothing waits: the references, the alias and the write are checked and made together.
    return writeOwned(ctx, 'links', id, 'Link', (link: LinkRecord) => {
      const domainId = b.domain === undefined ? undefined : b.domain === null ? null : accountDomainId(ctx, b.domain);
      checkReferences(ctx, b);
      // Its own alias in another case is still its own.
      const alias =
        b.custom === undefined || b.custom.toLowerCase() === link.alias.toLowerCase()
          ? (b.custom ?? link.alias)
          : chooseAlias(ctx, b.custom, link.id);
      // A title the service made from the old address follows the new one; one that was given stays.
      const title = b.metatitle || (link.title === titleOf(link.longurl) ? titleOf(b.url) : link.title);
      updateOwned(ctx, 'links', id, 'Link', {
        alias,
        longurl: b.url,
        title,
        description: b.description,
        domain_id: domainId,
        type: b.type,
        password_hash: passwordHash,
        expiry: b.expiry,
        geotarget: b.geotarget && json(b.geotarget),
        devicetarget: b.devicetarget && json(b.devicetarget),
        languagetarget: b.languagetarget && json(b.languagetarget),
        parameters: b.parameters && json(b.parameters),
        metatitle: b.metatitle,
        metadescription: b.metadescription,
        metaimage: b.metaimage,
        pixels: b.pixels && json(b.pixels),
        campaign_id: b.campaign,
        deeplink: b.deeplink && json(b.deeplink),
        status: b.status,
      });
      if (b.channel === null) ctx.db.prepare("DELETE FROM channel_items WHERE type = 'links' AND item_id = ?").run(id);
      else if (b.channel !== undefined)
        ctx.db
          .prepare('INSERT OR REPLACE INTO channel_items (channel_id, type, item_id, date) VALUES (?, ?, ?, ?)')
          .run(b.channel, 'links', id, datetime(ctx.now()));
      const shown = { alias, domain_id: domainId === undefined ? link.domain_id : domainId };
      // The answer as the family's pages show it: `short`, not `shorturl` as url/add answers here.
      return ok({ id, short: shortUrlOf(ctx.db, ctx.publicUrl, shown) });
    });
  }),
  route('DELETE', '/api/url/:id/delete', (ctx) => {
    const id = idParam(ctx, 0, 'Link');
    // Its visits go with it: statistics of a link nobody can visit any more would count nothing.
    writeOwned(ctx, 'links', id, 'Link', () => {
      ctx.db.prepare('DELETE FROM visits WHERE link_id = ?').run(id);
      ctx.db.prepare("DELETE FROM channel_items WHERE type = 'links' AND item_id = ?").run(id);
      deleteOwned(ctx, 'links', id, 'Link');
    });
    return ok({ message: 'Link has been deleted.' });
  }),
];
