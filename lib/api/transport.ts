import { words } from '../words';
import { ApiError } from './errors';
import { type RateLimitInfo, readRateLimit } from './rate-limit';

/**
 * The HTTP leg of the API client: builds the request, enforces a timeout, reads the rate-limit
 * headers of every answer, and turns every way a request can fail at the transport level into
 * an ApiError. It knows nothing about individual operations.
 */
export interface TransportOptions {
  baseUrl: string;
  /** Read on every request, so a key changed in settings takes effect at once. */
  getApiKey: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** The clock, in epoch ms (injectable for tests). */
  now?: () => number;
  /** Called with the rate-limit picture of every response that arrived, success or failure. */
  onRateLimit?: (info: RateLimitInfo, status: number) => void | Promise<void>;
}

export interface RawRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export interface RawResponse {
  status: number;
  rateLimit: RateLimitInfo;
  /** Parsed JSON, or undefined when the body was empty or not JSON. */
  json: unknown;
  /** The first characters of the body, for diagnostics that never include request headers. */
  snippet: string;
}

export const DEFAULT_TIMEOUT_MS = 15_000;
/** Answers larger than this are refused, and read no further than it: no list page of this API comes near it. */
export const MAX_RESPONSE_BYTES = 20 * 1024 * 1024;

export async function send(options: TransportOptions, request: RawRequest): Promise<RawResponse> {
  const apiKey = await options.getApiKey();
  if (!apiKey) {
    throw new ApiError({ kind: 'auth', message: words('service.noKey'), retryable: false });
  }
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = buildUrl(options.baseUrl, request.path, request.query);
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const writes = request.method !== 'GET';
  let response: Response;
  try {
    response = await doFetch(url, {
      method: request.method,
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(timeoutMs),
      credentials: 'omit',
      // A redirect would carry the key to wherever it points; the API never redirects.
      redirect: 'error',
    });
  } catch (cause) {
    // fetch fails with TypeError (unreachable) or DOMException (timeout, abort). Anything else was
    // raised by an injected fetch before sending (e.g. the budget saying "wait") and passes through.
    if (!(cause instanceof TypeError) && !(cause instanceof DOMException)) throw cause;
    const timedOut = cause instanceof DOMException && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    throw new ApiError({
      kind: timedOut ? 'timeout' : 'network',
      message: timedOut
        ? words('service.timeout', { seconds: Math.round(timeoutMs / 1000) })
        : words('service.unreachable', { origin: new URL(options.baseUrl).origin }),
      // A write that got no answer may have been applied: the caller must check before resending.
      ambiguous: writes,
    });
  }
  const rateLimit = readRateLimit(response.headers, now());
  await options.onRateLimit?.(rateLimit, response.status);
  let text: string;
  try {
    const declared = Number(response.headers.get('Content-Length') ?? '0');
    if (declared > MAX_RESPONSE_BYTES) throw new RangeError('too large');
    text = await readCapped(response, MAX_RESPONSE_BYTES);
  } catch (cause) {
    const tooLarge = cause instanceof RangeError;
    throw new ApiError({
      kind: tooLarge ? 'bad-response' : 'network',
      status: response.status,
      message: tooLarge ? words('service.tooLarge') : words('service.broke'),
      ambiguous: writes,
      retryable: !tooLarge,
    });
  }
  return { status: response.status, rateLimit, json: parseJson(text), snippet: text.slice(0, 200) };
}

/**
 * The body as text, read chunk by chunk: a chunked answer declares no length, so the cap is counted
 * as it arrives and the rest is cancelled unread (RangeError) instead of being held in memory.
 */
async function readCapped(response: Response, max: number): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new RangeError('too large');
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
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
