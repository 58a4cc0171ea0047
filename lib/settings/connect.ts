import { createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Account } from '../api/schemas/account';
import { accountItem } from './account-cache';
import { connectionItem } from './connection';
import { parseServiceUrl } from './service-url';

export interface ConnectResult {
  account: Account;
  baseUrl: string;
  notes: string[];
}

/**
 * Checks a Service URL and API key with GET /api/account and, only when the service accepts
 * them, stores both. A failed attempt leaves any previous connection untouched.
 */
export async function connect(serviceUrl: string, apiKey: string, fetchImpl?: typeof fetch): Promise<ConnectResult> {
  const parsed = parseServiceUrl(serviceUrl);
  if (!parsed.ok) throw new ApiError({ kind: 'validation', field: 'serviceUrl', message: parsed.message, retryable: false });
  const key = apiKey.trim();
  if (key === '') throw new ApiError({ kind: 'validation', field: 'apiKey', message: 'Enter the API key.', retryable: false });
  if (/\s/.test(key)) {
    throw new ApiError({ kind: 'validation', field: 'apiKey', message: 'The API key must not contain spaces.', retryable: false });
  }
  const client = createApiClient({ baseUrl: parsed.baseUrl, getApiKey: () => key, fetch: fetchImpl });
  const account = await client.getAccount();
  await connectionItem.setValue({ baseUrl: parsed.baseUrl, apiKey: key, connectedAt: new Date().toISOString() });
  await accountItem.setValue(account);
  return { account, baseUrl: parsed.baseUrl, notes: parsed.notes };
}

export async function disconnect(): Promise<void> {
  await connectionItem.setValue(null);
  await accountItem.setValue(null);
}

/** Re-reads the account with the stored connection. */
export async function refreshAccount(fetchImpl?: typeof fetch): Promise<Account> {
  const connection = await connectionItem.getValue();
  if (!connection) throw new ApiError({ kind: 'auth', message: 'Not connected. Open Settings to connect.', retryable: false });
  const client = createApiClient({ baseUrl: connection.baseUrl, getApiKey: async () => (await connectionItem.getValue())?.apiKey ?? null, fetch: fetchImpl });
  const account = await client.getAccount();
  await accountItem.setValue(account);
  return account;
}
