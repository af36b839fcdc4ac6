import { ApiError, GenericError } from '@stromwerk/client/api-error';

export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError || error instanceof GenericError) return error.statusCode;
  return undefined;
}

export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** A 401 ends the session, except a failed login (wrong credentials while logged out). */
export function endsSession(error: unknown): boolean {
  return statusOf(error) === 401 && codeOf(error) !== 'INVALID_CREDENTIALS';
}

/** Field-level messages the server sent with a validation error, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]));
}
