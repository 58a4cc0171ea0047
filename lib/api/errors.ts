import { type MessageValues, readWords } from '../words';

/**
 * One error type for everything that can go wrong between us and the service. `kind` drives
 * behaviour (retry, back off, ask the user); `wording` is what a person is told, a catalogue
 * message (lib/words.ts) read once from the `message` our own code wrote. The service's text is
 * only ever `serverMessage` (or a value inside a message): never read as a catalogue key, so it
 * cannot pass for the extension's own words. The API key is never part of any field.
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

/** A catalogue message by key, with its values (see lib/words.ts). */
export interface Wording {
  key: string;
  values: MessageValues;
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** Ours: a catalogue message (`words`) or text already in words; never the service's text (`serverMessage`). */
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
  /** The catalogue message to show, or null for text already in words. */
  readonly wording: Wording | null;

  /** `wording` is given only when an error is read back (see `from`); otherwise it comes from our `message`. */
  constructor(init: ApiErrorInit, wording?: Wording | null) {
    super(init.message);
    this.wording = wording !== undefined ? wording : readWords(init.message);
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
      wording: this.wording,
    };
  }

  /**
   * An error read back from a message or IndexedDB, its wording as written. One stored by an earlier
   * version has none: its message was ours unless it was the service's text (message = serverMessage).
   */
  static from(value: SerializedApiError): ApiError {
    const legacy = value.message === value.serverMessage ? null : readWords(value.message);
    return new ApiError(value, value.wording !== undefined ? value.wording : legacy);
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
  /** Absent in errors stored by earlier versions. */
  wording?: Wording | null;
}

function defaultRetryable(kind: ApiErrorKind): boolean {
  return kind === 'network' || kind === 'timeout' || kind === 'rate-limited' || kind === 'server';
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
