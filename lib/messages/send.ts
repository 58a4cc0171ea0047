import { ApiError } from '../api/errors';
import { sendToWorker } from '../browser/runtime';
import { words } from '../words';
import type { Reply, Request, RequestType, ResponseMap } from './protocol';

/** Sends a typed request to the background worker; failures come back as ApiError. */
export async function sendRequest<R extends Request>(request: R): Promise<ResponseMap[R['type']]> {
  const reply = (await sendToWorker(request)) as Reply<R['type']> | undefined;
  if (!reply) {
    throw new ApiError({ kind: 'network', message: words('syncProblem.workerSilent') });
  }
  if (!reply.ok) throw ApiError.from(reply.error);
  return reply.data;
}

export type { RequestType };
