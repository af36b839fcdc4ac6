import { ApiError, GenericError } from '@stromwerk/client/api-error';
import type { ErrorCode } from '@stromwerk/contracts/error-codes';
import { describe, expect, it } from 'vitest';
import { endsSession } from './api-errors';

const api = (statusCode: number, code: ErrorCode) => new ApiError(statusCode, { code, message: 'x' });

describe('endsSession', () => {
  it('ends the session when the session itself is gone', () => {
    expect(endsSession(api(401, 'TOKEN_INVALID'))).toBe(true);
    expect(endsSession(api(401, 'UNAUTHENTICATED'))).toBe(true);
    expect(endsSession(new GenericError(401, 'http'))).toBe(true);
  });

  it('keeps it for other 401s and everything else', () => {
    expect(endsSession(api(401, 'INVALID_CREDENTIALS'))).toBe(false);
    expect(endsSession(api(401, 'PASSWORD_REQUIRED'))).toBe(false);
    expect(endsSession(api(401, 'VIEWER_TOKEN_INVALID'))).toBe(false);
    expect(endsSession(api(400, 'PASSWORD_INCORRECT'))).toBe(false);
    expect(endsSession(api(403, 'FORBIDDEN'))).toBe(false);
  });
});
