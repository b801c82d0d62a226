import { ERRORS, type ErrorName, type ErrorParams } from '@agent-bo/shared';

/**
 * The one error type services throw. The error handler turns it into the envelope with the
 * catalogue code, the HTTP status of the catalogue and the message in the caller's language.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: number;
  readonly statusCode: number;

  constructor(
    readonly errorName: ErrorName,
    readonly params: ErrorParams = {},
    readonly data: unknown = null,
  ) {
    super(errorName);
    this.code = ERRORS[errorName].code;
    this.statusCode = ERRORS[errorName].status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
