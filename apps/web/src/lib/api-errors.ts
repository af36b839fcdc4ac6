import { ApiError, GenericError } from '@stromwerk/client/api-error';

export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError || error instanceof GenericError) return error.statusCode;
  return undefined;
}

export function codeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/**
 * Only the codes that say the session itself is gone end it (or a bare 401 without an error body). Other
 * 401s do not: a failed login (INVALID_CREDENTIALS), a player's password (PASSWORD_REQUIRED) or an
 * expired viewer token (VIEWER_TOKEN_INVALID) while someone is logged in.
 */
export function endsSession(error: unknown): boolean {
  if (statusOf(error) !== 401) return false;
  const code = codeOf(error);
  return code === undefined || code === 'UNAUTHENTICATED' || code === 'TOKEN_INVALID';
}

/** Field-level messages the server sent with a validation error, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.details) return {};
  return Object.fromEntries(error.details.map((detail) => [detail.field, detail.message]));
}
