import { createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Fetch } from '../api/fetch';
import type { Account } from '../api/schemas/account';
import { type LinkpilotDb, MIRROR_TABLES } from '../db/schema';
import { connectionItem } from './connection';
import { parseServiceUrl } from './service-url';

export interface ConnectResult {
  account: Account;
  baseUrl: string;
  notes: string[];
}

/**
 * Checks a Service URL and API key with GET /api/account and, only when the service accepts
 * them, stores both and the account. A failed attempt leaves any previous connection untouched.
 * Connecting to another service or account starts a fresh mirror: records of one account must
 * never be sent to another.
 */
export async function connect(
  db: LinkpilotDb,
  serviceUrl: string,
  apiKey: string,
  fetchImpl?: Fetch,
): Promise<ConnectResult> {
  const parsed = parseServiceUrl(serviceUrl);
  if (!parsed.ok)
    throw new ApiError({ kind: 'validation', field: 'serviceUrl', message: parsed.message, retryable: false });
  const key = apiKey.trim();
  if (key === '')
    throw new ApiError({ kind: 'validation', field: 'apiKey', message: 'Enter the API key.', retryable: false });
  if (/\s/.test(key)) {
    throw new ApiError({
      kind: 'validation',
      field: 'apiKey',
      message: 'The API key must not contain spaces.',
      retryable: false,
    });
  }
  const client = createApiClient({ baseUrl: parsed.baseUrl, getApiKey: () => key, fetch: fetchImpl });
  let account: Account;
  try {
    account = await client.getAccount();
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'auth') {
      throw new ApiError({
        ...error.toJSON(),
        field: 'apiKey',
        message: `The service refused this API key${error.serverMessage ? `: ${error.serverMessage}` : '.'}`,
      });
    }
    if (error instanceof ApiError && error.kind === 'not-found') {
      throw new ApiError({
        ...error.toJSON(),
        field: 'serviceUrl',
        message: `No link service answers at ${parsed.baseUrl}/api: check the Service URL.`,
      });
    }
    if (error instanceof ApiError && error.kind === 'bad-response') {
      throw new ApiError({
        ...error.toJSON(),
        field: 'serviceUrl',
        message: `${parsed.baseUrl} does not answer like the link service's API: check the Service URL.`,
      });
    }
    throw error;
  }
  const previous = await connectionItem.getValue();
  const mirrored = await db.account.get('me');
  if ((previous && previous.baseUrl !== parsed.baseUrl) || (mirrored && mirrored.id !== account.id))
    await clearMirror(db);
  await connectionItem.setValue({ baseUrl: parsed.baseUrl, apiKey: key, connectedAt: new Date().toISOString() });
  await db.transaction('rw', db.account, async () => {
    await db.account.put({ ...account, key: 'me', pendingEmail: (await db.account.get('me'))?.pendingEmail ?? null });
  });
  return { account, baseUrl: parsed.baseUrl, notes: parsed.notes };
}

/** Forgets the key, the mirror and every change not yet sent. */
export async function disconnect(db: LinkpilotDb): Promise<void> {
  await connectionItem.setValue(null);
  await clearMirror(db);
}

async function clearMirror(db: LinkpilotDb): Promise<void> {
  await db.transaction('rw', [...MIRROR_TABLES.map((t) => db.table(t)), db.outbox, db.meta], async () => {
    for (const table of [...MIRROR_TABLES, 'outbox', 'meta'] as const) await db.table(table).clear();
  });
}
