/**
 * One error type for everything that can go wrong between us and the service. `kind` drives
 * behaviour (retry, back off, ask the user); `message` is written for a person. The API key is
 * never part of any field: messages are built from our own words and the server's `message`.
 */
export type ApiErrorKind =
  | 'network'
  | 'timeout'
  | 'auth'
  | 'rate-limited'
  | 'validation'
  | 'not-found'
  | 'server'
  | 'bad-response';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number | null;
  serverMessage?: string | null;
  field?: string | null;
  /** True when sending the same request again cannot do harm or is expected to help. */
  retryable?: boolean;
  /** True when the request may have reached the server (its effect is unknown). */
  ambiguous?: boolean;
  retryAt?: number | null;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly serverMessage: string | null;
  readonly field: string | null;
  readonly retryable: boolean;
  readonly ambiguous: boolean;
  readonly retryAt: number | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.field = init.field ?? null;
    this.retryable = init.retryable ?? defaultRetryable(init.kind);
    this.ambiguous = init.ambiguous ?? false;
    this.retryAt = init.retryAt ?? null;
  }

  /** A plain object that survives structured cloning (extension messages, IndexedDB). */
  toJSON(): SerializedApiError {
    return {
      kind: this.kind,
      message: this.message,
      status: this.status,
      serverMessage: this.serverMessage,
      field: this.field,
      retryable: this.retryable,
      ambiguous: this.ambiguous,
      retryAt: this.retryAt,
    };
  }

  static from(value: SerializedApiError): ApiError {
    return new ApiError(value);
  }
}

export interface SerializedApiError {
  kind: ApiErrorKind;
  message: string;
  status: number | null;
  serverMessage: string | null;
  field: string | null;
  retryable: boolean;
  ambiguous: boolean;
  retryAt: number | null;
}

function defaultRetryable(kind: ApiErrorKind): boolean {
  return kind === 'network' || kind === 'timeout' || kind === 'rate-limited' || kind === 'server';
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
