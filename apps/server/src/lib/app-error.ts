import type { ErrorCode } from '@stromwerk/contracts/errors';

export interface ErrorDetail {
  field: string;
  message: string;
}

/** The one error type services throw; the error handler turns it into `{ statusCode, code, message, details }`. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', 404, `${what} not found`);
export const forbidden = (message = 'You lack the permission for this action') =>
  new AppError('FORBIDDEN', 403, message);
export const badRequest = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 400, `${field}: ${message}`, [{ field, message }]);
export const conflict = (message: string) => new AppError('CONFLICT', 409, message);
