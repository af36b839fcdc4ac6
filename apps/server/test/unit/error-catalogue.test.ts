import { STATUS_CODES } from 'node:http';
import { errorCodeSchema, errorCodes, errorStatus } from '@stromwerk/contracts/errors';
import type { FastifyError } from 'fastify';
import { describe, expect, it } from 'vitest';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../src/lib/app-error';
import { toErrorResponse } from '../../src/plugins/errors';

describe('the error catalogue', () => {
  it('gives every code exactly one HTTP error status', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
    expect(Object.keys(errorStatus).sort()).toEqual([...errorCodes].sort());
    for (const code of errorCodes) {
      const status = errorStatus[code];
      expect(Number.isInteger(status), code).toBe(true);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(STATUS_CODES[status], code).toBeDefined();
    }
  });

  it('is the wire schema of the codes', () => {
    expect(errorCodeSchema.options).toEqual(errorCodes);
  });
});

describe('AppError', () => {
  it.each(errorCodes)('%s takes its status from the catalogue', (code) => {
    const error = new AppError(code, 'message');
    expect(error.statusCode).toBe(errorStatus[code]);
    expect(toErrorResponse(error)).toEqual({ statusCode: errorStatus[code], code, message: 'message' });
  });

  it('keeps the helpers on their codes', () => {
    expect(notFound('Media')).toMatchObject({
      code: 'NOT_FOUND',
      statusCode: 404,
      message: 'Media not found',
    });
    expect(forbidden()).toMatchObject({ code: 'FORBIDDEN', statusCode: 403 });
    expect(conflict('busy')).toMatchObject({ code: 'CONFLICT', statusCode: 409, message: 'busy' });
    expect(badRequest('name', 'Required')).toMatchObject({
      code: 'VALIDATION_FAILED',
      statusCode: 400,
      message: 'name: Required',
      details: [{ field: 'name', message: 'Required' }],
    });
  });
});

describe('errors without a code', () => {
  const fastify = (statusCode: number, code = 'FST_ERR_X') =>
    Object.assign(new Error('refused'), { statusCode, code }) as FastifyError;

  it.each([400, 401, 403, 404, 405, 408, 409, 413, 415, 416, 429, 431, 500, 502])(
    'a %i gets a code whose catalogue status it is sent with',
    (status) => {
      const body = toErrorResponse(fastify(status));
      expect(body.statusCode).toBe(errorStatus[body.code]);
    },
  );

  it('maps database input errors to VALIDATION_FAILED and a missing reference to NOT_FOUND', () => {
    const db = (code: string) => Object.assign(new Error('db'), { cause: { code } });
    expect(toErrorResponse(db('22P02'))).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(toErrorResponse(db('23503'))).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });
});
