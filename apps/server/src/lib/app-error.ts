import { type ErrorCode, errorStatus } from '@stromwerk/contracts/errors';

export interface ErrorDetail {
  field: string;
  message: string;
  /** Quota refusals: which limit, how much is used and the limit. */
  metric?: string;
  used?: number;
  limit?: number;
}

/**
 * The one error type services throw; the error handler turns it into `{ statusCode, code, message, details }`.
 * The HTTP status is not chosen at the throw site: it follows from the code (the catalogue in contracts).
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.statusCode = errorStatus[code];
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You lack the permission for this action') =>
  new AppError('FORBIDDEN', message);
export const badRequest = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, message }]);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** A quota refusal that says which limit, what is used and the limit (issue 17). */
export const quotaExceeded = (
  code: 'QUOTA_EXCEEDED' | 'STORAGE_QUOTA_EXCEEDED',
  metric: string,
  used: number,
  limit: number,
  message: string,
  field = 'quota',
) => new AppError(code, message, [{ field, message, metric, used, limit }]);
