import { z } from 'zod';
import { type ApiContext, type Route, route } from '../context';
import { badRequest } from '../http/errors';
import { hashPassword } from '../passwords';
import { email, parse } from '../validate';
import { ok } from './common';

export function accountView(ctx: ApiContext) {
  const a = ctx.account;
  return {
    id: a.id,
    email: a.email,
    username: a.username,
    avatar: `${ctx.publicUrl}/static/avatar/${a.id}.svg`,
    status: a.status,
    expires: a.expires,
    registered: a.registered,
  };
}

const updateBody = z.object({
  email: email.optional(),
  password: z
    .string({ error: 'must be a string' })
    .min(8, 'must be at least 8 characters')
    .max(200, 'must be at most 200 characters')
    .optional(),
});

export const accountRoutes: Route[] = [
  route('GET', '/api/account', (ctx) => ok({ data: accountView(ctx) })),
  route('PUT', '/api/account/update', async (ctx) => {
    const body = parse(updateBody, await ctx.body());
    if (body.email === undefined && body.password === undefined)
      throw badRequest('email or password: at least one is required');
    // Hashed first: the e-mail check and the write are then one transaction that nothing waits in.
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    ctx.db.transaction(() => {
      if (body.email !== undefined) {
        const taken = ctx.db
          .prepare('SELECT id FROM accounts WHERE email = ? AND id <> ?')
          .get(body.email, ctx.account.id);
        if (taken) throw badRequest('email: is already used by another account');
      }
      if (body.email !== undefined)
        ctx.db.prepare('UPDATE accounts SET email = ? WHERE id = ?').run(body.email, ctx.account.id);
      if (passwordHash !== undefined)
        ctx.db.prepare('UPDATE accounts SET password_hash = ? WHERE id = ?').run(passwordHash, ctx.account.id);
    })();
    return ok({ message: 'Account has been updated successfully.' });
  }),
];
