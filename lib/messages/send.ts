import { ApiError } from '../api/errors';
import { forgetBeforeConnectionChange } from '../browser/first-screen-snapshot';
import { sendToWorker } from '../browser/runtime';
import { words } from '../words';
import type { Reply, Request, RequestType, ResponseMap } from './protocol';

/**
 * Requests after which another mirror may be the active one. The page asking forgets the popup's
 * picture of its first screen first: the popup draws a kept picture before storage can say which
 * mirror is active (lib/browser/first-screen-snapshot.ts), so a kept one must be of the active mirror.
 */
const MAY_CHANGE_ACTIVE_MIRROR: ReadonlySet<RequestType> = new Set([
  'connection.connect',
  'connection.activate',
  'connection.remove',
]);

/** Sends a typed request to the background worker; failures come back as ApiError. */
export async function sendRequest<R extends Request>(request: R): Promise<ResponseMap[R['type']]> {
  if (MAY_CHANGE_ACTIVE_MIRROR.has(request.type)) forgetBeforeConnectionChange();
  const reply = (await sendToWorker(request)) as Reply<R['type']> | undefined;
  if (!reply) {
    throw new ApiError({ kind: 'network', message: words('syncProblem.workerSilent') });
  }
  if (!reply.ok) throw ApiError.from(reply.error);
  return reply.data;
}

export type { RequestType };
