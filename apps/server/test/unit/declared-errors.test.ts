import type { ErrorCode, ErrorResponse } from '@stromwerk/contracts/errors';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { declaredErrors } from '../../src/lib/declared-errors';

const requestOf = (errorCodes?: ErrorCode[]) => {
  const log = { warn: vi.fn(), error: vi.fn() };
  const request = {
    method: 'GET',
    routeOptions: { url: '/v1/things/:id', config: errorCodes ? { errorCodes: new Set(errorCodes) } : {} },
    log,
  } as unknown as FastifyRequest;
  return { request, log };
};
const answer = (code: ErrorCode, statusCode = 404): ErrorResponse => ({ statusCode, code, message: 'm' });

describe('declaredErrors', () => {
  it('sends a declared code, INTERNAL, and any code of a route outside the table as they are', () => {
    for (const mode of ['log', 'fail'] as const) {
      const check = declaredErrors(mode);
      const { request, log } = requestOf(['NOT_FOUND']);
      expect(check(request, answer('NOT_FOUND'))).toEqual(answer('NOT_FOUND'));
      expect(check(request, answer('INTERNAL', 500))).toEqual(answer('INTERNAL', 500));
      expect(check(requestOf().request, answer('CONFLICT', 409))).toEqual(answer('CONFLICT', 409));
      expect(log.warn).not.toHaveBeenCalled();
      expect(log.error).not.toHaveBeenCalled();
    }
  });

  it('in production logs an undeclared code and still sends it', () => {
    const { request, log } = requestOf(['NOT_FOUND']);
    expect(declaredErrors('log')(request, answer('CONFLICT', 409))).toEqual(answer('CONFLICT', 409));
    expect(log.warn).toHaveBeenCalledWith(
      { code: 'CONFLICT', route: 'GET /v1/things/:id' },
      'error code not declared in the route table',
    );
  });

  it('in tests turns an undeclared code into a 500 that names the route and the code', () => {
    const { request, log } = requestOf(['NOT_FOUND']);
    expect(declaredErrors('fail')(request, answer('CONFLICT', 409))).toEqual({
      statusCode: 500,
      code: 'INTERNAL',
      message: 'GET /v1/things/:id answered CONFLICT, which its route table entry does not declare',
    });
    expect(log.error).toHaveBeenCalled();
  });
});
