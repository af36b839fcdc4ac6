import type { ErrorCode, ErrorResponse } from '@stromwerk/contracts/errors';

/** Spec section 8 spells it this way; the web app and tests match on the exact text, so keep the typo. */
export function genericMessage(statusCode: number): string {
  return `An error ocurred: Status ${statusCode}`;
}

type ErrorDetail = NonNullable<ErrorResponse['details']>[number];

/** The server answered with an error body carrying its own text: callers can branch on `code`. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode | undefined;
  readonly details: ErrorDetail[] | undefined;

  constructor(statusCode: number, body: { code?: ErrorCode; message: string; details?: ErrorDetail[] }) {
    super(body.message);
    this.statusCode = statusCode;
    this.code = body.code;
    this.details = body.details;
  }
}

/**
 * Why a call failed without a server error text: `http` (error status, body not the error shape),
 * `network` (no response at all), `timeout` (our deadline fired), `aborted` (the caller's signal).
 */
export type GenericErrorReason = 'http' | 'network' | 'timeout' | 'aborted';

/** Every failure that is not an ApiError; status 0 when no response arrived. */
export class GenericError extends Error {
  override readonly name = 'GenericError';
  readonly statusCode: number;
  readonly reason: GenericErrorReason;

  constructor(statusCode: number, reason: GenericErrorReason, cause?: unknown) {
    super(genericMessage(statusCode), cause === undefined ? undefined : { cause });
    this.statusCode = statusCode;
    this.reason = reason;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Maps an error response (status outside 2xx) to ApiError when the body carries the server's text. */
export function errorFromResponse(statusCode: number, text: string): ApiError | GenericError {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new GenericError(statusCode, 'http');
  }
  if (!isRecord(body) || typeof body.message !== 'string' || body.message === '') {
    return new GenericError(statusCode, 'http');
  }
  return new ApiError(statusCode, {
    code: typeof body.code === 'string' ? (body.code as ErrorCode) : undefined,
    message: body.message,
    details: Array.isArray(body.details) ? (body.details as ErrorDetail[]) : undefined,
  });
}
