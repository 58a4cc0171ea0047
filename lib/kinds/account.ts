import { words } from '../words';
import type { KindSpec } from './kind';

/**
 * E-mail and password changes. The password waits in the outbox (extension storage, like the API
 * key) only until it is sent; it is never shown or written to the mirror.
 */
export const account: KindSpec<'account'> = {
  table: null,
  writes: ['account'],
  apply: async (db, { payload }) => payload.email && db.account.update('me', { pendingEmail: payload.email }),
  async send({ api, db }, { payload }) {
    await api.updateAccount(payload);
    await db.account.update(
      'me',
      payload.email ? { email: payload.email, pendingEmail: null } : { pendingEmail: null },
    );
  },
  fold: (queued, later) =>
    queued.kind === 'account' ? { ...later, payload: { ...queued.payload, ...later.payload } } : null,
  describe: ({ payload: { email, password } }) => {
    if (email) return words(password ? 'change.account.emailAndPassword' : 'change.account.email', { email });
    return words(password ? 'change.account.password' : 'change.account.update');
  },
  discard: async (db) => {
    await db.account.update('me', { pendingEmail: null });
  },
};
