import type { Table } from 'dexie';
import { updateAccountInput } from '../api/inputs/account';
import type { Account } from '../api/schemas/account';
import { validateInput } from '../api/validate-input';
import type { AccountRow } from '../db/schema';
import { words } from '../words';
import type { KindSpec } from './kind';
import type { Single } from './listing';

/** The owner of the API key, as the service says; an e-mail change queued here stays shown as pending. */
export const accountRecord: Single<AccountRow, Account> = {
  rows: (db) => db.account as Table<AccountRow, string>,
  key: 'me',
  read: (api) => api.getAccount(),
  fromServer: (account, existing) => ({ ...account, key: 'me', pendingEmail: existing?.pendingEmail ?? null }),
};

/**
 * E-mail and password changes. The password waits in the outbox (extension storage, like the API
 * key) only until it is sent; it is never shown or written to the mirror.
 */
export const account: KindSpec<'account'> = {
  table: null,
  writes: ['account'],
  asks: { update: { change: (asked) => ({ payload: validateInput(updateAccountInput, asked) }) } },
  shows: async (_db, { payload }) =>
    payload.email ? [{ patch: 'account', key: 'me', fields: { pendingEmail: payload.email } }] : [],
  sending: ({ payload }) => ({
    async request(api) {
      await api.updateAccount(payload);
      const fields = payload.email ? { email: payload.email, pendingEmail: null } : { pendingEmail: null };
      return [{ patch: 'account', key: 'me', fields }];
    },
  }),
  fold: (queued, later) =>
    queued.kind === 'account' ? { ...later, payload: { ...queued.payload, ...later.payload } } : null,
  describe: ({ payload: { email, password } }) => {
    if (email) return words(password ? 'change.account.emailAndPassword' : 'change.account.email', { email });
    return words(password ? 'change.account.password' : 'change.account.update');
  },
  discard: () => [{ patch: 'account', key: 'me', fields: { pendingEmail: null } }],
};
