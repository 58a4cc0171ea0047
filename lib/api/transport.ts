import { ApiError } from './errors';

/**
 * The HTTP leg of the API client: builds the request, enforces a timeout, and turns every
 * way a request can fail into an ApiError. It knows nothing about individual operations.
 */
export interface TransportOptions {
  baseUrl: string;
  /** Read on every request, so a key changed in settings takes effect at once. */
  getApiKey: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

export async function send(options: TransportOptions, request: RawRequest): Promise<RawResponse> {
  const apiKey = await options.getApiKey();
  if (!apiKey) {
    throw new ApiError({ kind: 'auth', message: 'No API key is set. Enter it in Settings.', retryable: false });
  }
  const url = buildUrl(options.baseUrl, request.path, request.query);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const writes = request.method !== 'GET';
  let response: Response;
  try {
    response = await doFetch(url, {
      method: request.method,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      credentials: 'omit',
      redirect: 'error',
    });
  } catch (cause) {
    const timedOut = cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut
        ? `The service did not answer within ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s.`
        : `The service at ${new URL(options.baseUrl).origin} cannot be reached.`,
      // A write that timed out may have been applied: the caller must check before resending.
      ambiguous: writes,
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError({
      kind: 'network',
      status: response.status,
      message: 'The connection broke while the answer was arriving.',
      ambiguous: writes,
    });
  }
  return { status: response.status, headers: response.headers, json: parseJson(text), text };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function buildUrl(baseUrl: string, path: string, query?: RawRequest['query']): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url.toString();
}
