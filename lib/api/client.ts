import type { z } from 'zod';
import { ApiError } from './errors';
import { getAccountResponseSchema, type Account } from './schemas/account';
import { send, type RawRequest, type RawResponse, type TransportOptions } from './transport';

export type ApiClientOptions = TransportOptions;

/** A typed client with one method per API operation. No browser API is used here. */
export function createApiClient(options: ApiClientOptions) {
  async function call<S extends z.ZodType>(request: RawRequest, schema: S): Promise<z.infer<S>> {
    const response = await send(options, request);
    return decode(response, schema);
  }

  return {
    /** GET /api/account: the owner of the API key. */
    async getAccount(): Promise<Account> {
      const body = await call({ method: 'GET', path: '/api/account' }, getAccountResponseSchema);
      return body.data;
    },
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;

function decode<S extends z.ZodType>(response: RawResponse, schema: S): z.infer<S> {
  const body = response.json as { error?: unknown; message?: unknown } | undefined;
  const failed = response.status >= 400 || (body !== undefined && body !== null && String(body.error) === '1');
  if (failed) throw errorFromResponse(response);
  if (body === undefined || body === null || typeof body !== 'object') {
    throw new ApiError({ kind: 'bad-response', status: response.status, message: 'The service answered with something that is not JSON.' });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? issue.path.join('.') : null;
    throw new ApiError({
      kind: 'bad-response',
      status: response.status,
      field,
      message: `The service's answer does not have the expected shape${field ? ` (at ${field})` : ''}.`,
    });
  }
  return parsed.data;
}

function errorFromResponse(response: RawResponse): ApiError {
  const body = response.json as { message?: unknown } | undefined;
  const serverMessage = typeof body?.message === 'string' ? body.message.slice(0, 500) : null;
  const status = response.status;
  if (status === 401 || status === 403) {
    return new ApiError({ kind: 'auth', status, serverMessage, message: serverMessage ?? 'The API key was refused.' });
  }
  if (status === 429) {
    return new ApiError({ kind: 'rate-limited', status, serverMessage, message: 'Too many requests; waiting for the rate limit to reset.' });
  }
  if (status === 404) {
    return new ApiError({ kind: 'not-found', status, serverMessage, message: serverMessage ?? 'Not found.' });
  }
  if (status >= 500) {
    return new ApiError({ kind: 'server', status, serverMessage, message: `The service failed (HTTP ${status}).` });
  }
  return new ApiError({ kind: 'validation', status, serverMessage, message: serverMessage ?? `The service refused the request (HTTP ${status}).` });
}
