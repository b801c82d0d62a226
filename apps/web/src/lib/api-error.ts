/** What a failed call throws: its kind, the HTTP status and envelope code when there were some, and whether another attempt may cure it. */

export type ErrorMessageMode = 'toast' | 'modal' | 'none';

export type ApiErrorKind = 'envelope' | 'http' | 'timeout' | 'network' | 'cancelled' | 'unauthorized';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status, when a response arrived. */
  readonly status: number | undefined;
  /** Envelope code, when the body was an envelope. */
  readonly code: number | undefined;
  readonly data: unknown;
  /**
   * Another attempt may succeed: a GET (not marked `retry: false`) that failed on the network,
   * by a timeout, a 408 or a 5xx. The query client retries these; the client leaves their report
   * to it (`reportDeferred`).
   */
  readonly retryable: boolean;

  constructor(kind: ApiErrorKind, message: string, extra: { status?: number; code?: number; data?: unknown; retryable?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = extra.status;
    this.code = extra.code;
    this.data = extra.data;
    this.retryable = extra.retryable ?? false;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Failures another attempt may cure: no answer, a timeout, 408 and 5xx. */
export function isTransient(error: ApiError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && error.status !== undefined && (error.status === 408 || error.status >= 500);
}
