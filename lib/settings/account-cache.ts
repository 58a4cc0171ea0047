import { storage } from 'wxt/utils/storage';
import type { Account } from '../api/schemas/account';

/** The last account the service reported, so pages can show who is connected while offline. */
export const accountItem = storage.defineItem<Account | null>('local:account', { fallback: null, version: 1 });
