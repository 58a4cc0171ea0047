import { createApiClient } from '../api/client';
import { ApiError } from '../api/errors';
import type { Fetch } from '../api/fetch';
import type { Account } from '../api/schemas/account';
import { deleteDatabase } from '../db/delete';
import { databaseNamed } from '../db/open';
import { type LinkpilotDb, MIRROR_TABLES } from '../db/schema';
import { accountRecord } from '../kinds/account';
import { applySingle, emptyMirror } from '../refresh/apply';
import { clearOutbox } from '../sync/outbox';
import { words } from '../words';
import { type Connection, type Connections, connectionsItem, freeDatabaseName } from './connection';
import { parseServiceUrl, type ServiceUrlNote } from './service-url';

export interface ConnectResult {
  account: Account;
  baseUrl: string;
  notes: ServiceUrlNote[];
  connectionId: string;
}

/**
 * Checks a Service URL and API key with GET /api/account and, only when the service accepts
 * them, stores both and the account, and makes the connection active (unless `activate` is false
 * and another one is). A failed attempt leaves every
 * stored connection untouched. `replacing` names the connection whose URL or key is being changed;
 * otherwise the account's existing connection gets the new key, or a new connection with its own
 * database is added. A connection changed to another service or account starts a fresh mirror:
 * records of one account must never be sent to another. Nothing is sent to a plain-http service
 * that is not this machine unless the person agreed (`allowPlainHttp`): the key would travel in clear.
 */
export async function connect(
  serviceUrl: string,
  apiKey: string,
  options: { replacing?: string; allowPlainHttp?: boolean; activate?: boolean } = {},
  fetchImpl?: Fetch,
): Promise<ConnectResult> {
  const parsed = parseServiceUrl(serviceUrl);
  if (!parsed.ok)
    throw new ApiError({ kind: 'validation', field: 'serviceUrl', message: parsed.message, retryable: false });
  const key = apiKey.trim();
  if (key === '')
    throw new ApiError({ kind: 'validation', field: 'apiKey', message: words('settings.enterKey'), retryable: false });
  if (/\s/.test(key)) {
    throw new ApiError({
      kind: 'validation',
      field: 'apiKey',
      message: words('connect.key.spaces'),
      retryable: false,
    });
  }
  if (parsed.notes.includes('plainHttp') && options.allowPlainHttp !== true) {
    throw new ApiError({
      kind: 'validation',
      field: 'serviceUrl',
      message: words('connect.url.plainHttpNotAgreed'),
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
        message: error.serverMessage
          ? words('connect.key.refusedBecause', { reason: error.serverMessage })
          : words('connect.key.refused'),
      });
    }
    if (error instanceof ApiError && error.kind === 'not-found') {
      throw new ApiError({
        ...error.toJSON(),
        field: 'serviceUrl',
        message: words('connect.noService', { url: parsed.baseUrl }),
      });
    }
    if (error instanceof ApiError && error.kind === 'bad-response') {
      throw new ApiError({
        ...error.toJSON(),
        field: 'serviceUrl',
        message: words('connect.notTheApi', { url: parsed.baseUrl }),
      });
    }
    throw error;
  }
  const all = await connectionsItem.getValue();
  const existing =
    all.list.find((c) => c.id === options.replacing) ??
    all.list.find((c) => c.baseUrl === parsed.baseUrl && c.accountId === account.id);
  const id = existing?.id ?? crypto.randomUUID().slice(0, 8);
  const mirrored = existing ? await databaseNamed(existing.database).account.get('me') : undefined;
  const sameMirror = existing?.baseUrl === parsed.baseUrl && (!mirrored || mirrored.id === account.id);
  // Another service or account gets a database of its own rather than the old one cleared: a change
  // written to the old one until the switch stays there, and goes with it, never to the new service.
  const name = sameMirror ? existing!.database : freeDatabaseName(all.list, crypto.randomUUID().slice(0, 8));
  const db = databaseNamed(name);
  // A new database starts empty, whatever an older install left under its name.
  if (!sameMirror) await clearMirror(db);
  const connection: Connection = {
    id,
    baseUrl: parsed.baseUrl,
    apiKey: key,
    connectedAt: new Date().toISOString(),
    email: account.email,
    accountId: account.id,
    database: name,
  };
  await updateConnections((now) => ({
    // One added beside the active connection waits to be switched to; the first one is active at once.
    activeId: options.activate === false && now.activeId ? now.activeId : id,
    list: now.list.some((c) => c.id === id)
      ? now.list.map((c) => (c.id === id ? connection : c))
      : [...now.list, connection],
  }));
  await applySingle(db, accountRecord, account);
  if (existing && existing.database !== name) await deleteDatabase(existing.database);
  return { account, baseUrl: parsed.baseUrl, notes: parsed.notes, connectionId: id };
}

/**
 * Forgets one connection: its key, its mirror and every change of it not yet sent. Another
 * connection becomes active when the removed one was.
 */
export async function removeConnection(id: string): Promise<void> {
  let removed: Connection | undefined;
  await updateConnections((all) => {
    removed = all.list.find((c) => c.id === id);
    const list = all.list.filter((c) => c.id !== id);
    return { activeId: all.activeId === id ? (list[0]?.id ?? null) : all.activeId, list };
  });
  if (removed) await deleteDatabase(removed.database);
}

/** Makes one of the stored connections the one pages, the menu, the shortcut and the badge act on. */
export async function activateConnection(id: string): Promise<void> {
  const all = await updateConnections((now) => (now.list.some((c) => c.id === id) ? { ...now, activeId: id } : now));
  if (all.activeId !== id)
    throw new ApiError({ kind: 'validation', message: words('connect.removed'), retryable: false });
}

/** Fills in the e-mail and id of a connection carried over from version 1, from its mirrored account. */
export async function labelCarriedOverConnections(): Promise<void> {
  const { list } = await connectionsItem.getValue();
  for (const c of list.filter((x) => x.email === null)) {
    const account = await databaseNamed(c.database).account.get('me');
    if (!account) continue;
    await updateConnections((all) => ({
      ...all,
      list: all.list.map((x) => (x.id === c.id ? { ...x, email: account.email, accountId: account.id } : x)),
    }));
  }
}

async function clearMirror(db: LinkpilotDb): Promise<void> {
  await db.transaction('rw', [...MIRROR_TABLES.map((t) => db.table(t)), db.outbox, db.meta], async () => {
    await emptyMirror(db);
    await clearOutbox(db);
  });
}

let writing: Promise<unknown> = Promise.resolve();

/**
 * Changes the stored list one change at a time: connect, remove and switch may arrive together
 * from several pages, and each must see what the one before it wrote.
 */
function updateConnections(change: (all: Connections) => Connections): Promise<Connections> {
  const next = writing.then(async () => {
    const updated = change(await connectionsItem.getValue());
    await connectionsItem.setValue(updated);
    return updated;
  });
  writing = next.catch(() => undefined);
  return next;
}
